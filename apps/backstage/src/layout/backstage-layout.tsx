import { AccountMenu } from '@cadence/app-shell/account-menu';
import { AppLink } from '@cadence/app-shell/app-link';
import { NotificationBell } from '@cadence/app-shell/notifications/notification-bell';
import { SiteLogo } from '@cadence/app-shell/site-logo';
import { useTrans } from '@cadence/app-shell/use-trans';
import { WorkspaceSwitcher } from '@cadence/app-shell/workspaces/workspace-switcher';
import { Outlet } from 'react-router';

export function BackstageLayout() {
  const { trans } = useTrans();
  return (
    <div className="flex min-h-dvh flex-col bg-bg font-sans text-fg">
      <header className="flex h-16 shrink-0 items-center gap-4 border-b border-divider px-4">
        {/* An app link: the backstage's home from its root pages (`/become-artist`) too. */}
        <AppLink href="/backstage" className="flex items-center gap-3">
          <SiteLogo className="h-8 w-auto" />
          <span className="text-sm font-semibold text-muted">{trans('Backstage')}</span>
        </AppLink>
        <div className="ml-auto flex items-center gap-2">
          <WorkspaceSwitcher />
          <NotificationBell />
          <AccountMenu />
        </div>
      </header>
      <main className="mx-auto w-full max-w-4xl flex-1 p-6">
        <Outlet />
      </main>
    </div>
  );
}
