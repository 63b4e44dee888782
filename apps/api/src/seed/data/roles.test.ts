import { ZPermissionSchema } from '@cadence/contracts/user';
import { isPermissionName } from '@cadence/permissions/catalogue';
import { describe, expect, it } from 'vitest';
import { defaultPlans, defaultRoles } from './roles';

const role = (name: string) => {
  const found = defaultRoles.find((r) => r.name === name);
  if (!found) throw new Error(`missing role ${name}`);
  return found;
};
const names = (permissions: { name: string }[]) => permissions.map((p) => p.name).sort();

describe('defaultRoles', () => {
  it('seeds users, guests and artists with the design flags', () => {
    expect(defaultRoles.map((r) => r.name)).toEqual(['users', 'guests', 'artists']);
    expect(role('users')).toMatchObject({ default: true, guests: false, internal: true, artists: false });
    expect(role('guests')).toMatchObject({ default: false, guests: true, internal: true, artists: false });
    expect(role('artists')).toMatchObject({ default: false, guests: false, internal: true, artists: true });
    for (const r of defaultRoles) expect(r.type).toBe('sitewide');
  });

  it('has exactly one default and one guest role, and no admin grant', () => {
    expect(defaultRoles.filter((r) => r.default)).toHaveLength(1);
    expect(defaultRoles.filter((r) => r.guests)).toHaveLength(1);
    for (const r of defaultRoles) expect(names(r.permissions)).not.toContain('admin');
  });

  it('grants guests a subset of what users have, minus anything that writes', () => {
    const userGrants = names(role('users').permissions);
    for (const name of names(role('guests').permissions)) expect(userGrants).toContain(name);
    expect(names(role('guests').permissions).filter((n) => /\.(create|update|delete)$/.test(n))).toEqual([]);
    expect(userGrants).toHaveLength(15);
    expect(names(role('guests').permissions)).toHaveLength(11);
  });

  it('limits artists to 60 minutes of uploads', () => {
    expect(role('artists').permissions).toEqual([
      { name: 'music.create', restrictions: [{ name: 'minutes', value: 60 }] },
    ]);
  });

  it('grants only catalogued permissions, which the seeder would otherwise drop', () => {
    const granted = [...defaultRoles, ...defaultPlans].flatMap((holder) => names(holder.permissions));
    expect(granted.filter((name) => !isPermissionName(name))).toEqual([]);
  });

  it('writes permissions in the contract shape', () => {
    for (const r of [...defaultRoles, ...defaultPlans]) {
      for (const p of r.permissions) expect(ZPermissionSchema.parse(p)).toEqual(p);
    }
  });
});

describe('defaultPlans', () => {
  it('seeds a free Basic plan with 180 upload minutes', () => {
    const basic = defaultPlans.find((p) => p.name === 'Basic');
    expect(basic).toMatchObject({ free: true, recommended: false, prices: [] });
    expect(basic?.permissions).toContainEqual({
      name: 'music.create',
      restrictions: [{ name: 'minutes', value: 180 }],
    });
  });

  it('seeds Pro Unlimited, recommended, at 8, 43 and 76 USD', () => {
    const pro = defaultPlans.find((p) => p.name === 'Pro Unlimited');
    expect(pro).toMatchObject({ free: false, recommended: true });
    expect(pro?.prices.map((p) => [p.amount, p.currency, p.interval, p.interval_count])).toEqual([
      [8, 'USD', 'month', 1],
      [43, 'USD', 'month', 6],
      [76, 'USD', 'month', 12],
    ]);
    expect(pro?.permissions.find((p) => p.name === 'music.create')?.restrictions).toEqual([]);
  });
});
