import { SideNavLayout, sideNavItemClass } from '@cadence/admin-kit/side-nav-layout';
import { AccountMenu } from '@cadence/app-shell/account-menu';
import { AppLink } from '@cadence/app-shell/app-link';
import { MenuIcon } from '@cadence/app-shell/menu-icon';
import { NotificationBell } from '@cadence/app-shell/notifications/notification-bell';
import { SiteLogo } from '@cadence/app-shell/site-logo';
import { useMenuItems } from '@cadence/app-shell/use-menu';
import { useTrans } from '@cadence/app-shell/use-trans';
import { Link, Outlet } from 'react-router';

/**
 * The admin area: the `admin-sidebar` menu (items filtered by permissions) beside the page from
 * 1024 px, in a drawer behind the top bar's menu button below it.
 */
export function AdminLayout() {
  const { trans } = useTrans();
  const items = useMenuItems('admin-sidebar');
  return (
    <SideNavLayout
      area="admin"
      navLabel={trans('Admin')}
      brand={
        <Link
          to="/"
          className="block w-fit rounded-button px-3 py-1 outline-none focus-visible:ring-2 focus-visible:ring-primary"
        >
          <SiteLogo className="h-8 w-auto" />
        </Link>
      }
      nav={
        <ul className="flex flex-col gap-0.5">
          {items.map((item) => (
            <li key={item.id}>
              <AppLink href={item.href} target={item.target} className={sideNavItemClass}>
                <MenuIcon name={item.icon} className="size-4 shrink-0" />
                {trans(item.label)}
              </AppLink>
            </li>
          ))}
        </ul>
      }
      actions={
        <>
          <NotificationBell />
          <AccountMenu />
        </>
      }
    >
      <Outlet />
    </SideNavLayout>
  );
}
