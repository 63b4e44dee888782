import type { PermissionName } from './catalogue';

/** Structural shapes so the api (rows mapped to DTOs) and the apps (bootstrap data) both fit. */
export interface TGrant {
  name: string;
  restrictions?: readonly { name: string; value: number | null | undefined }[];
}
export interface TPermissionHolder {
  permissions: readonly TGrant[];
}
export interface TSubscriber {
  subscriptions: readonly { valid: boolean; active?: boolean }[];
}
export interface TRoleHolder {
  roles: readonly { id: number }[];
}

/** Who is asking: a signed-in user, or a guest governed by the guest role. */
export interface TPermissionSubject<
  TUser extends TPermissionHolder = TPermissionHolder,
  TGuestRole extends TPermissionHolder = TPermissionHolder,
> {
  user: TUser | null;
  guestRole: TGuestRole | null;
}

function grantsOf(subject: TPermissionSubject): readonly TGrant[] {
  if (subject.user) return subject.user.permissions;
  return subject.guestRole?.permissions ?? [];
}

function holds(grants: readonly TGrant[], name: string): boolean {
  return grants.some((grant) => grant.name === name);
}

/** Spec 6: `admin` grants every permission; otherwise the name must be granted. */
export function hasPermission(subject: TPermissionSubject, name: PermissionName): boolean {
  return hasPermissionNamed(subject, name);
}

/** Same rule for names that arrive as data (menu items, route tables built at runtime). */
export function hasPermissionNamed(subject: TPermissionSubject, name: string): boolean {
  const grants = grantsOf(subject);
  return holds(grants, 'admin') || holds(grants, name);
}

export function hasAllPermissions(subject: TPermissionSubject, names: readonly string[]): boolean {
  return names.every((name) => hasPermissionNamed(subject, name));
}

/**
 * The quota a restriction sets, or null for unlimited. When several grants carry the same
 * permission (user, plan, role, in that order) the first that names the restriction wins;
 * an empty value there means unlimited. `admin` alone carries no restriction: unlimited.
 */
export function getRestrictionValue(
  subject: TPermissionSubject,
  permission: PermissionName,
  restriction: string,
): number | null {
  for (const grant of grantsOf(subject)) {
    if (grant.name !== permission) continue;
    const found = grant.restrictions?.find((item) => item.name === restriction);
    if (found) return typeof found.value === 'number' && Number.isFinite(found.value) ? found.value : null;
  }
  return null;
}

/** Spec 6: over quota when the current count is at or above the value; no value = unlimited. */
export function isOverQuota(
  subject: TPermissionSubject,
  permission: PermissionName,
  restriction: string,
  currentCount: number,
): boolean {
  const limit = getRestrictionValue(subject, permission, restriction);
  return limit !== null && currentCount >= limit;
}

/** Spec 6: subscribed means some subscription is valid. */
export function isSubscribed(user: TSubscriber | null): boolean {
  return user?.subscriptions.some((subscription) => subscription.valid) ?? false;
}

/** Spec 5: menu items asking for `subscribed` need an active subscription. */
export function hasActiveSubscription(user: TSubscriber | null): boolean {
  return user?.subscriptions.some((subscription) => subscription.active) ?? false;
}

/** Spec 6: roles are checked by id. */
export function hasRole(user: TRoleHolder | null, roleId: number): boolean {
  return user?.roles.some((role) => role.id === roleId) ?? false;
}
