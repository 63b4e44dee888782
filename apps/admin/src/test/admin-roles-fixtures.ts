import { fixture } from '@cadence/app-shell/test/story-helpers';
import { ZAdminRoleSchema } from '@cadence/contracts/admin-roles';
import { STAMP } from './admin-story-fixtures';

/** A role as `GET api/v1/roles` and `GET api/v1/roles/{id}` answer it. */
export const storyRole = (id: number, overrides: Record<string, unknown> = {}) =>
  fixture(ZAdminRoleSchema, {
    id,
    name: ['Admin', 'Listener', 'Artist', 'Guests', 'Moderator'][id - 1] ?? `Role ${id}`,
    description: id === 2 ? 'Everyone who signs up.' : null,
    default: id === 2,
    guests: id === 4,
    internal: id <= 4,
    artists: id === 3,
    type: 'users',
    users_count: id * 12,
    permissions: [
      { name: 'music.view', restrictions: [] },
      { name: 'playlists.create', restrictions: [{ name: 'count', value: 20 }] },
    ],
    created_at: STAMP,
    updated_at: STAMP,
    ...overrides,
  });
