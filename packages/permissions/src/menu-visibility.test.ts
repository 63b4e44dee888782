import type { TMenuItem } from '@cadence/contracts/menu';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isMenuItemVisible,
  readPath,
  resolveMenuItemAction,
  type TMenuContext,
  visibleMenuItems,
} from './menu-visibility';
import { grants, guestRole, nonAdminName, user } from './test-arbitraries.test-helper';

function item(overrides: Partial<TMenuItem> = {}): TMenuItem {
  return {
    id: 'i1',
    label: 'Item',
    type: 'route',
    action: '/x',
    roles: [],
    permissions: [],
    settings: {},
    subscriptionStatus: null,
    order: 0,
    ...overrides,
  };
}

const settings = { billing: { enable: true }, api: { integrated: false }, homepage: { type: 'landing' } };

function ctx(overrides: Partial<TMenuContext> = {}): TMenuContext {
  return {
    user: {
      id: 7,
      roles: [{ id: 1 }, { id: 2 }],
      permissions: [{ name: 'music.create' }, { name: 'playlists.create' }],
      subscriptions: [],
    },
    guestRole: null,
    settings,
    ...overrides,
  };
}

describe('isMenuItemVisible', () => {
  it('shows an unconditioned item to anyone', () => {
    expect(isMenuItemVisible(item(), ctx())).toBe(true);
    expect(isMenuItemVisible(item(), ctx({ user: null }))).toBe(true);
  });

  it('needs every role and every permission', () => {
    expect(isMenuItemVisible(item({ roles: [1, 2] }), ctx())).toBe(true);
    expect(isMenuItemVisible(item({ roles: [1, 3] }), ctx())).toBe(false);
    expect(isMenuItemVisible(item({ permissions: ['music.create', 'playlists.create'] }), ctx())).toBe(true);
    expect(isMenuItemVisible(item({ permissions: ['music.create', 'admin.access'] }), ctx())).toBe(false);
  });

  it('lets a guest match the guest role and the guest permissions', () => {
    const guestCtx = ctx({ user: null, guestRole: { id: 9, permissions: [{ name: 'music.play' }] } });
    expect(isMenuItemVisible(item({ roles: [9], permissions: ['music.play'] }), guestCtx)).toBe(true);
    expect(isMenuItemVisible(item({ roles: [1] }), guestCtx)).toBe(false);
  });

  it('matches settings conditions by dotted path', () => {
    expect(isMenuItemVisible(item({ settings: { 'billing.enable': true } }), ctx())).toBe(true);
    expect(
      isMenuItemVisible(item({ settings: { 'billing.enable': true, 'api.integrated': true } }), ctx()),
    ).toBe(false);
    expect(isMenuItemVisible(item({ settings: { 'homepage.type': 'landing' } }), ctx())).toBe(true);
    expect(isMenuItemVisible(item({ settings: { 'missing.key': false } }), ctx())).toBe(false);
    expect(readPath(settings, 'billing')).toEqual({ enable: true });
    expect(readPath(settings, 'billing.enable.deeper')).toBeUndefined();
  });

  it('matches the subscription status against active subscriptions', () => {
    const subscribed = ctx({ user: { ...ctx().user!, subscriptions: [{ valid: true, active: true }] } });
    const lapsed = ctx({ user: { ...ctx().user!, subscriptions: [{ valid: true, active: false }] } });
    expect(isMenuItemVisible(item({ subscriptionStatus: 'subscribed' }), subscribed)).toBe(true);
    expect(isMenuItemVisible(item({ subscriptionStatus: 'subscribed' }), lapsed)).toBe(false);
    expect(isMenuItemVisible(item({ subscriptionStatus: 'subscribed' }), ctx({ user: null }))).toBe(false);
    expect(isMenuItemVisible(item({ subscriptionStatus: 'notSubscribed' }), subscribed)).toBe(false);
    expect(isMenuItemVisible(item({ subscriptionStatus: 'notSubscribed' }), lapsed)).toBe(true);
    expect(isMenuItemVisible(item({ subscriptionStatus: 'notSubscribed' }), ctx({ user: null }))).toBe(true);
  });

  it('needs ALL roles: visible exactly when the required roles are a subset of the held ones', () => {
    fc.assert(
      fc.property(user, fc.array(fc.integer({ min: 1, max: 20 }), { maxLength: 4 }), (u, roles) => {
        const visible = isMenuItemVisible(item({ roles }), ctx({ user: u }));
        expect(visible).toBe(roles.every((id) => u.roles.some((role) => role.id === id)));
      }),
    );
  });

  it('needs ALL permissions: one missing non-admin permission hides the item', () => {
    fc.assert(
      fc.property(
        grants,
        fc.array(nonAdminName, { maxLength: 4 }),
        nonAdminName,
        (held, required, missing) => {
          const permissions = held.filter((g) => g.name !== 'admin' && g.name !== missing);
          const u = { ...ctx().user!, permissions };
          const visible = isMenuItemVisible(item({ permissions: [...required, missing] }), ctx({ user: u }));
          expect(visible).toBe(false);
        },
      ),
    );
  });

  it('adding conditions never makes an item more visible', () => {
    fc.assert(
      fc.property(
        fc.option(user, { nil: null }),
        fc.option(guestRole, { nil: null }),
        fc.array(nonAdminName, { maxLength: 3 }),
        nonAdminName,
        fc.array(fc.integer({ min: 1, max: 20 }), { maxLength: 3 }),
        fc.integer({ min: 1, max: 20 }),
        (u, role, permissions, extraPermission, roles, extraRole) => {
          const context = ctx({ user: u, guestRole: role });
          const base = item({ permissions, roles });
          const stricter = item({
            permissions: [...permissions, extraPermission],
            roles: [...roles, extraRole],
          });
          if (isMenuItemVisible(stricter, context)) expect(isMenuItemVisible(base, context)).toBe(true);
        },
      ),
    );
  });
});

describe('actions and menus', () => {
  it('replaces every {currentUser} with the user id', () => {
    expect(resolveMenuItemAction(item({ action: '/user/{currentUser}/{currentUser}' }), { id: 42 })).toBe(
      '/user/42/42',
    );
    expect(resolveMenuItemAction(item({ action: '/user/{currentUser}' }), null)).toBe('/user/');
  });

  it('keeps visible items in order with resolved actions', () => {
    const menu = {
      items: [
        item({ id: 'b', order: 2, action: '/profile/{currentUser}' }),
        item({ id: 'hidden', order: 0, permissions: ['admin.access'] }),
        item({ id: 'a', order: 1 }),
      ],
    };
    const visible = visibleMenuItems(menu, ctx());
    expect(visible.map((i) => i.id)).toEqual(['a', 'b']);
    expect(visible[1]!.action).toBe('/profile/7');
  });
});
