import type { TMenuItem } from '@cadence/contracts/menu';
import { resolveMenuItemAction, visibleMenuItems } from '@cadence/permissions/menu-visibility';
import { useMemo } from 'react';
import { useBootstrapData } from './use-bootstrap-data';

export interface ResolvedMenuItem extends TMenuItem {
  /** The action with `{currentUser}` replaced (spec 5). */
  href: string;
}

/** Items of every menu placed at `position`, filtered by spec 5 visibility, in order. */
export function useMenuItems(position: string): ResolvedMenuItem[] {
  const { menus, user, guest_role: guestRole, settings } = useBootstrapData();
  return useMemo(() => {
    const context = { user, guestRole, settings };
    return menus
      .filter((menu) => menu.positions.includes(position))
      .flatMap((menu) => visibleMenuItems(menu, context))
      .map((item) => ({ ...item, href: resolveMenuItemAction(item, user) }));
  }, [menus, user, guestRole, settings, position]);
}
