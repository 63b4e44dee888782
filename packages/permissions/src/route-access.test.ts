import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSubscribed } from './can';
import type { PermissionName } from './catalogue';
import { checkRouteAccess, defaultRedirect } from './route-access';
import { guestRole, permissionName, user } from './test-arbitraries.test-helper';

const member = (names: string[], subscriptions: { valid: boolean; active: boolean }[] = []) => ({
  permissions: names.map((name) => ({ name })),
  subscriptions,
});
const guest = (names: string[]) => ({
  user: null,
  guestRole: { permissions: names.map((name) => ({ name })) },
});

describe('checkRouteAccess', () => {
  const needs: PermissionName[] = ['users.update'];

  it.each([
    [
      'guest, login required',
      { user: null, guestRole: null },
      [],
      true,
      false,
      { allowed: false, redirect: '/login' },
    ],
    ['guest holding the permission', guest(['music.view']), ['music.view'], false, true, { allowed: true }],
    ['guest lacking it', guest([]), needs, false, true, { allowed: false, redirect: '/login' }],
    [
      'guest holding it, login required',
      guest(['users.update']),
      needs,
      true,
      false,
      { allowed: false, redirect: '/login' },
    ],
    [
      'member holding it',
      { user: member(['users.update']), guestRole: null },
      needs,
      true,
      true,
      { allowed: true },
    ],
    ['admin', { user: member(['admin']), guestRole: null }, needs, true, true, { allowed: true }],
    [
      'member lacking it, billing on',
      { user: member([]), guestRole: null },
      needs,
      true,
      true,
      { allowed: false, redirect: '/pricing' },
    ],
    [
      'member lacking it, billing off',
      { user: member([]), guestRole: null },
      needs,
      true,
      false,
      { allowed: false, notFound: true },
    ],
    [
      'subscriber lacking it, billing on',
      { user: member([], [{ valid: true, active: true }]), guestRole: null },
      needs,
      true,
      true,
      { allowed: false, notFound: true },
    ],
    ['member, login only', { user: member([]), guestRole: null }, [], true, true, { allowed: true }],
  ] as const)('%s', (_, subject, permissions, requireLogin, billingEnabled, expected) => {
    expect(checkRouteAccess({ subject, permissions, requireLogin, billingEnabled })).toEqual(expected);
  });

  it('follows the redirect table for any visitor', () => {
    fc.assert(
      fc.property(
        fc.option(user, { nil: null }),
        fc.option(guestRole, { nil: null }),
        fc.array(permissionName, { maxLength: 3 }),
        fc.boolean(),
        fc.boolean(),
        (u, role, permissions, requireLogin, billingEnabled) => {
          const subject = { user: u, guestRole: role };
          const grants = (u ?? role)?.permissions ?? [];
          const holdsAll =
            grants.some((g) => g.name === 'admin') ||
            permissions.every((p) => grants.some((g) => g.name === p));
          const result = checkRouteAccess({ subject, permissions, requireLogin, billingEnabled });
          expect(result).toEqual(
            expectedAccess(!!u, requireLogin, holdsAll, billingEnabled && !isSubscribed(u)),
          );
        },
      ),
    );
  });
});

/** The spec 6 table restated independently of the implementation. */
function expectedAccess(isLoggedIn: boolean, requireLogin: boolean, holdsAll: boolean, needsPlan: boolean) {
  if (!isLoggedIn && (requireLogin || !holdsAll)) return { allowed: false, redirect: '/login' };
  if (holdsAll) return { allowed: true };
  if (needsPlan) return { allowed: false, redirect: '/pricing' };
  return { allowed: false, notFound: true };
}

describe('defaultRedirect', () => {
  it('sends those who may enter the admin area to /admin, everyone else to /', () => {
    expect(defaultRedirect(null)).toBe('/');
    expect(defaultRedirect(member(['music.play']))).toBe('/');
    expect(defaultRedirect(member(['admin']))).toBe('/admin');
    expect(defaultRedirect(member(['admin.access']))).toBe('/admin');
  });
});
