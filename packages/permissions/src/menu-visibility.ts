import type { TMenu, TMenuItem } from '@cadence/contracts/menu';
import {
  hasActiveSubscription,
  hasAllPermissions,
  type TPermissionHolder,
  type TRoleHolder,
  type TSubscriber,
} from './can';

type TMenuUser = TPermissionHolder & TRoleHolder & TSubscriber & { id: number };

export interface TMenuContext {
  user: TMenuUser | null;
  guestRole: (TPermissionHolder & { id: number }) | null;
  /** The nested client settings of bootstrap data; item conditions use dotted keys into it. */
  settings: unknown;
}

type TVisibilityRule = Pick<TMenuItem, 'roles' | 'permissions' | 'settings' | 'subscriptionStatus'>;

/** Spec 5 "Menu item visibility": every condition on the item must hold. */
export function isMenuItemVisible(item: Partial<TVisibilityRule>, ctx: TMenuContext): boolean {
  return (
    hasAllRoles(item.roles ?? [], ctx) &&
    hasAllPermissions(ctx, item.permissions ?? []) &&
    settingsMatch(item.settings ?? {}, ctx.settings) &&
    subscriptionMatches(item.subscriptionStatus ?? null, ctx.user)
  );
}

/**
 * A guest holds exactly one role, the guest role, so an item limited to that role stays
 * visible to guests; any other role requirement hides the item from them.
 */
function hasAllRoles(roleIds: readonly number[], ctx: TMenuContext): boolean {
  const held = ctx.user ? ctx.user.roles.map((role) => role.id) : ctx.guestRole ? [ctx.guestRole.id] : [];
  return roleIds.every((id) => held.includes(id));
}

function settingsMatch(conditions: Record<string, unknown>, settings: unknown): boolean {
  return Object.entries(conditions).every(([path, expected]) => isEqual(readPath(settings, path), expected));
}

function subscriptionMatches(status: TMenuItem['subscriptionStatus'], user: TSubscriber | null): boolean {
  if (status === 'subscribed') return hasActiveSubscription(user);
  if (status === 'notSubscribed') return !hasActiveSubscription(user);
  return true;
}

export function readPath(source: unknown, path: string): unknown {
  let current = source;
  for (const key of path.split('.')) {
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function isEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every(
    (key) =>
      Object.hasOwn(b, key) &&
      isEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}

/** Spec 5: `{currentUser}` in an action becomes the signed-in user's id (nothing for a guest). */
export function resolveMenuItemAction(item: Pick<TMenuItem, 'action'>, user: { id: number } | null): string {
  return item.action.replaceAll('{currentUser}', user ? String(user.id) : '');
}

/** The items a menu shows to this visitor, in `order`, with their actions resolved. */
export function visibleMenuItems(menu: Pick<TMenu, 'items'>, ctx: TMenuContext): TMenuItem[] {
  return menu.items
    .filter((item) => isMenuItemVisible(item, ctx))
    .sort((a, b) => a.order - b.order)
    .map((item) => ({ ...item, action: resolveMenuItemAction(item, ctx.user) }));
}
