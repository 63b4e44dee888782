import { SideNavLayout } from '@cadence/admin-kit/side-nav-layout';
import { AccountMenu } from '@cadence/app-shell/account-menu';
import { AppLink } from '@cadence/app-shell/app-link';
import { NotificationBell } from '@cadence/app-shell/notifications/notification-bell';
import { SiteLogo } from '@cadence/app-shell/site-logo';
import { useTrans } from '@cadence/app-shell/use-trans';
import { WorkspaceSwitcher } from '@cadence/app-shell/workspaces/workspace-switcher';
import { Outlet } from 'react-router';
import { BackstageNav } from './backstage-nav';

/** The artist area: its navigation beside the page from 1024 px, in a drawer below it. */
export function BackstageLayout() {
  const { trans } = useTrans();
  return (
    <SideNavLayout
      area="backstage"
      navLabel={trans('Backstage')}
      brand={
        // An app link: the backstage's home from its root pages (`/become-artist`) too.
        <AppLink
          href="/backstage"
          className="flex w-fit max-w-full flex-wrap items-center gap-x-3 gap-y-1 rounded-button px-3 py-1 outline-none focus-visible:ring-2 focus-visible:ring-primary"
        >
          <SiteLogo className="h-8 w-auto" />
          <span className="text-sm font-semibold text-muted max-sm:sr-only">{trans('Backstage')}</span>
        </AppLink>
      }
      nav={<BackstageNav />}
      actions={
        <>
          <WorkspaceSwitcher />
          <NotificationBell />
          <AccountMenu />
        </>
      }
    >
      <div className="mx-auto w-full max-w-4xl">
        <Outlet />
      </div>
    </SideNavLayout>
  );
}
