import { fixture } from '@cadence/app-shell/test/story-helpers';
import { ZAdminRoleSchema } from '@cadence/contracts/admin-roles';
import { ZAdminUserListItemSchema, ZAdminUserSchema } from '@cadence/contracts/admin-users';
import { HttpResponse, http } from 'msw';
import { storyRole } from './admin-roles-fixtures';
import { listHandler, STAMP } from './admin-story-fixtures';

/** `GET api/v1/users/{id}/admin`'s `user`: what the admin's user page shows. */
export const storyAdminUser = (overrides: Record<string, unknown> = {}) =>
  fixture(ZAdminUserSchema, {
    id: 7,
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    image: null,
    first_name: 'Ada',
    last_name: 'Lovelace',
    language: null,
    country: null,
    timezone: null,
    email_verified_at: STAMP,
    banned_at: null,
    ban_reason: null,
    created_at: STAMP,
    roles: [{ id: 2, name: 'Listener' }],
    direct_permissions: [{ name: 'playlists.create', restrictions: [{ name: 'count', value: 5 }] }],
    two_factor_status: 'enabled',
    has_password: true,
    sessions: [
      {
        id: 'a',
        device_type: 'desktop',
        platform: 'Linux',
        browser: 'Chrome',
        city: 'Vilnius',
        country: 'LT',
        ip_address: '10.0.0.1',
        last_active: STAMP,
      },
    ],
    tokens: [{ id: 1, name: 'Home server sync', last_used_at: STAMP, created_at: STAMP }],
    ...overrides,
  });

/** `GET api/v1/users/7/admin`. */
export const adminUserHandler = (overrides: Record<string, unknown> = {}) =>
  http.get('*/api/v1/users/7/admin', () => HttpResponse.json({ user: storyAdminUser(overrides) }));

/** `GET api/v1/roles`: the roles a user can be given. */
export const rolesHandler = () =>
  listHandler('roles', ZAdminRoleSchema, () => [1, 2, 3, 4, 5].map((id) => storyRole(id)));

const NAMES = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Katherine Johnson', 'Edsger Dijkstra'];

/** A row of `GET api/v1/users`. */
export const storyUserRow = (index: number) =>
  fixture(ZAdminUserListItemSchema, {
    id: index + 1,
    name: NAMES[index % NAMES.length] ?? 'User',
    email: `user${index + 1}@example.com`,
    image: null,
    email_verified_at: index % 3 === 0 ? null : STAMP,
    banned_at: index % 7 === 4 ? STAMP : null,
    created_at: STAMP,
    roles: index === 0 ? [{ id: 1, name: 'Admin' }] : [{ id: 2, name: 'Listener' }],
  });
