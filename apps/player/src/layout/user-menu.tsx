import { AccountMenuTrigger } from '@cadence/app-shell/account-menu';
import { lazy } from 'react';

const loadItems = () => import('./user-menu-items');
const UserMenuItems = lazy(loadItems);

/** Spec 2.5 logged-in dropdown. */
export function UserMenu() {
  return (
    <AccountMenuTrigger
      data-testid="user-menu-trigger"
      preload={loadItems}
      renderMenu={(props) => <UserMenuItems {...props} />}
    />
  );
}
