import {
  hasAllPermissions,
  hasPermission,
  isSubscribed,
  type TPermissionHolder,
  type TPermissionSubject,
  type TSubscriber,
} from './can';
import type { PermissionName } from './catalogue';

export type TRouteAccess =
  | { allowed: true }
  | { allowed: false; redirect: '/login' }
  | { allowed: false; redirect: '/pricing' }
  | { allowed: false; notFound: true };

export interface TRouteAccessInput {
  subject: TPermissionSubject<TPermissionHolder & TSubscriber>;
  permissions?: readonly PermissionName[];
  requireLogin?: boolean;
  billingEnabled: boolean;
}

/**
 * Spec 6 route rule. A guest who lacks login or a permission is sent to /login; a signed-in
 * user without a permission is sent to /pricing when billing is on and they have no
 * subscription (a plan may grant it), otherwise shown the 404 page.
 */
export function checkRouteAccess(input: TRouteAccessInput): TRouteAccess {
  const { user } = input.subject;
  if (input.requireLogin && !user) return { allowed: false, redirect: '/login' };
  if (hasAllPermissions(input.subject, input.permissions ?? [])) return { allowed: true };
  if (!user) return { allowed: false, redirect: '/login' };
  if (input.billingEnabled && !isSubscribed(user)) return { allowed: false, redirect: '/pricing' };
  return { allowed: false, notFound: true };
}

/**
 * Spec 6 "An admin goes to /admin after authentication". Admin here means someone who may
 * enter the admin area (`admin.access`, which `admin` implies): sending anyone else to
 * /admin would only bounce them to a 404.
 */
export function defaultRedirect(user: TPermissionHolder | null): '/admin' | '/' {
  if (!user) return '/';
  return hasPermission({ user, guestRole: null }, 'admin.access') ? '/admin' : '/';
}
