import { AccountMenu } from '@cadence/app-shell/account-menu';
import { AppLink } from '@cadence/app-shell/app-link';
import { MenuIcon } from '@cadence/app-shell/menu-icon';
import { NotificationBell } from '@cadence/app-shell/notifications/notification-bell';
import { SiteLogo } from '@cadence/app-shell/site-logo';
import { useMenuItems } from '@cadence/app-shell/use-menu';
import { useTrans } from '@cadence/app-shell/use-trans';
import { Link, Outlet } from 'react-router';

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-3 rounded-button px-3 py-2 text-sm transition-colors ${
    isActive ? 'bg-primary/10 font-medium text-fg' : 'text-muted hover:bg-fg-base/5 hover:text-fg'
  }`;

/** The admin area: `admin-sidebar` menu (items filtered by permissions) beside the page. */
export function AdminLayout() {
  const { trans } = useTrans();
  const items = useMenuItems('admin-sidebar');
  return (
    <div className="flex h-dvh bg-bg font-sans text-fg">
      <aside className="hidden w-60 shrink-0 flex-col gap-4 overflow-y-auto border-r border-divider bg-bg-alt p-4 md:flex">
        <Link to="/" className="px-3">
          <SiteLogo className="h-8 w-auto" />
        </Link>
        <nav aria-label={trans('Admin')} className="flex flex-col gap-0.5" data-testid="admin-sidebar">
          {items.map((item) => (
            <AppLink key={item.id} href={item.href} target={item.target} className={itemClass}>
              <MenuIcon name={item.icon} className="size-4 shrink-0" />
              {trans(item.label)}
            </AppLink>
          ))}
        </nav>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-14 shrink-0 items-center justify-end gap-2 border-b border-divider px-4">
          <NotificationBell />
          <AccountMenu />
        </header>
        <main className="flex-1 overflow-y-auto p-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
