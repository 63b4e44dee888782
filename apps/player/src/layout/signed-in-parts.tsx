import { NotificationBell } from '@cadence/app-shell/notifications/notification-bell';
import { WorkspaceSwitcher } from '@cadence/app-shell/workspaces/workspace-switcher';
import { SidebarPlaylists } from './sidebar-playlists';

/** The top bar's workspace switcher and notification bell (a signed-in listener's, desktop). */
export function SignedInTopBarItems() {
  return (
    <>
      <WorkspaceSwitcher className="hidden md:flex" />
      <NotificationBell className="hidden md:flex" />
    </>
  );
}

/** The signed-in listener's playlists under the sidebar menus. */
export function SignedInSidebarPlaylists() {
  return <SidebarPlaylists />;
}
