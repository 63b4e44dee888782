import type { TPermission } from '@cadence/contracts/user';
import { hasPermissionNamed } from '@cadence/permissions/can';

type Grantee = { permissions: TPermission[] } | null | undefined;

/** Spec 6 through the shared rules: `admin` grants all; guests use the guest role's grants. */
export function can(user: Grantee, guestRole: Grantee, permission: string): boolean {
  return hasPermissionNamed({ user: user ?? null, guestRole: guestRole ?? null }, permission);
}
