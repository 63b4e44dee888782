import type { TGrantPayload } from '@cadence/contracts/admin-users';
import { getPermissionEntry, isPermissionName } from '@cadence/permissions/catalogue';
import { validationError } from '../../platform/http/app-error';

/**
 * Checks grants against the catalogue: unknown permission names and restrictions a permission
 * does not have are 422s naming the field (`permissions.3.name`). Boolean restrictions hold 0/1.
 */
export function checkGrants(grants: readonly TGrantPayload[], field = 'permissions'): void {
  const errors: Record<string, string> = {};
  const seen = new Set<string>();
  grants.forEach((grant, index) => {
    if (!isPermissionName(grant.name)) {
      errors[`${field}.${index}.name`] = `Unknown permission "${grant.name}".`;
      return;
    }
    if (seen.has(grant.name))
      errors[`${field}.${index}.name`] = `The permission "${grant.name}" is listed twice.`;
    seen.add(grant.name);
    const definitions = getPermissionEntry(grant.name).restrictions;
    (grant.restrictions ?? []).forEach((restriction, r) => {
      const definition = definitions.find((item) => item.name === restriction.name);
      if (!definition) {
        errors[`${field}.${index}.restrictions.${r}.name`] =
          `The permission "${grant.name}" has no restriction "${restriction.name}".`;
      } else if (definition.type === 'bool' && restriction.value !== null && restriction.value > 1) {
        errors[`${field}.${index}.restrictions.${r}.value`] = 'The value must be 0 or 1.';
      }
    });
  });
  if (Object.keys(errors).length > 0) throw validationError(errors);
}
