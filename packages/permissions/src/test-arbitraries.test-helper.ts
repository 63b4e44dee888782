import fc from 'fast-check';
import type { TGrant } from './can';
import { PERMISSION_NAMES } from './catalogue';

export const permissionName = fc.constantFrom(...PERMISSION_NAMES);
export const nonAdminName = fc.constantFrom(...PERMISSION_NAMES.filter((name) => name !== 'admin'));

export const grant: fc.Arbitrary<TGrant> = fc.record({
  name: permissionName,
  restrictions: fc.array(
    fc.record({
      name: fc.constantFrom('count', 'minutes', 'member_count'),
      value: fc.option(fc.integer({ min: 0, max: 1000 }), { nil: null }),
    }),
    { maxLength: 3 },
  ),
});

export const grants = fc.array(grant, { maxLength: 12 });

export const subscriptions = fc.array(fc.record({ valid: fc.boolean(), active: fc.boolean() }), {
  maxLength: 3,
});

export const user = fc.record({
  id: fc.integer({ min: 1, max: 1e6 }),
  permissions: grants,
  roles: fc.uniqueArray(fc.record({ id: fc.integer({ min: 1, max: 20 }) }), {
    maxLength: 5,
    selector: (role) => role.id,
  }),
  subscriptions,
});

export const guestRole = fc.record({ id: fc.integer({ min: 1, max: 20 }), permissions: grants });
