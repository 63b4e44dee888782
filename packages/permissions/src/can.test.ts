import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  getRestrictionValue,
  hasPermission,
  hasRole,
  isOverQuota,
  isSubscribed,
  type TGrant,
  type TPermissionSubject,
} from './can';
import { grants, nonAdminName, permissionName, user } from './test-arbitraries.test-helper';

const subjectOf = (permissions: TGrant[]): TPermissionSubject => ({ user: { permissions }, guestRole: null });

describe('hasPermission', () => {
  it('grants by name, for users from their grants and for guests from the guest role', () => {
    const guest = { user: null, guestRole: { permissions: [{ name: 'music.play' }] } };
    expect(hasPermission(guest, 'music.play')).toBe(true);
    expect(hasPermission(guest, 'music.download')).toBe(false);
    expect(hasPermission({ user: null, guestRole: null }, 'music.play')).toBe(false);
    // A signed-in user does not inherit the guest role.
    expect(hasPermission({ user: { permissions: [] }, guestRole: guest.guestRole }, 'music.play')).toBe(
      false,
    );
  });

  it('admin implies every permission', () => {
    fc.assert(
      fc.property(grants, permissionName, fc.boolean(), (held, name, asGuest) => {
        const permissions = [...held, { name: 'admin' }];
        const subject = asGuest ? { user: null, guestRole: { permissions } } : subjectOf(permissions);
        expect(hasPermission(subject, name)).toBe(true);
      }),
    );
  });

  it('without admin, holds exactly the granted names', () => {
    fc.assert(
      fc.property(grants, nonAdminName, (held, name) => {
        const withoutAdmin = held.filter((g) => g.name !== 'admin');
        expect(hasPermission(subjectOf(withoutAdmin), name)).toBe(withoutAdmin.some((g) => g.name === name));
      }),
    );
  });

  it('removing a grant never grants more', () => {
    fc.assert(
      fc.property(grants, fc.nat(), permissionName, (held, index, name) => {
        const fewer = held.filter((_, i) => i !== index % Math.max(held.length, 1));
        if (hasPermission(subjectOf(fewer), name)) expect(hasPermission(subjectOf(held), name)).toBe(true);
      }),
    );
  });
});

describe('restrictions', () => {
  const minutes = (value: number | null) => ({ name: 'minutes', value });

  it('reads the first grant that names the restriction', () => {
    const subject = subjectOf([
      { name: 'music.create', restrictions: [] },
      { name: 'music.create', restrictions: [minutes(60)] },
      { name: 'music.create', restrictions: [minutes(180)] },
    ]);
    expect(getRestrictionValue(subject, 'music.create', 'minutes')).toBe(60);
    expect(getRestrictionValue(subject, 'music.create', 'artist_selection')).toBeNull();
    expect(getRestrictionValue(subject, 'playlists.create', 'count')).toBeNull();
  });

  it('treats an empty value as unlimited', () => {
    const subject = subjectOf([{ name: 'music.create', restrictions: [minutes(null)] }]);
    expect(isOverQuota(subject, 'music.create', 'minutes', 1e9)).toBe(false);
  });

  it('is over quota at and above the value', () => {
    const subject = subjectOf([{ name: 'playlists.create', restrictions: [{ name: 'count', value: 3 }] }]);
    expect(isOverQuota(subject, 'playlists.create', 'count', 2)).toBe(false);
    expect(isOverQuota(subject, 'playlists.create', 'count', 3)).toBe(true);
    expect(isOverQuota(subject, 'playlists.create', 'count', 4)).toBe(true);
  });

  it('over quota is monotonic in the count', () => {
    fc.assert(
      fc.property(grants, fc.nat(2000), fc.nat(100), (held, count, extra) => {
        const subject = subjectOf(held);
        if (isOverQuota(subject, 'playlists.create', 'count', count)) {
          expect(isOverQuota(subject, 'playlists.create', 'count', count + extra)).toBe(true);
        }
      }),
    );
  });

  it('matches the limit exactly', () => {
    fc.assert(
      fc.property(fc.nat(500), fc.nat(1000), (limit, count) => {
        const subject = subjectOf([
          { name: 'workspaces.create', restrictions: [{ name: 'count', value: limit }] },
        ]);
        expect(isOverQuota(subject, 'workspaces.create', 'count', count)).toBe(count >= limit);
      }),
    );
  });
});

describe('subscriptions and roles', () => {
  it('is subscribed when some subscription is valid', () => {
    expect(isSubscribed(null)).toBe(false);
    expect(isSubscribed({ subscriptions: [] })).toBe(false);
    expect(
      isSubscribed({
        subscriptions: [
          { valid: false, active: true },
          { valid: true, active: false },
        ],
      }),
    ).toBe(true);
    expect(isSubscribed({ subscriptions: [{ valid: false, active: true }] })).toBe(false);
  });

  it('checks roles by id', () => {
    fc.assert(
      fc.property(user, fc.integer({ min: 1, max: 20 }), (u, id) => {
        expect(hasRole(u, id)).toBe(u.roles.some((role) => role.id === id));
      }),
    );
    expect(hasRole(null, 1)).toBe(false);
  });
});
