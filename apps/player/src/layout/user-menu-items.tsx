import { useOpenAppLink } from '@cadence/app-shell/app-link';
import { AriaRouterProvider } from '@cadence/app-shell/aria-router-provider';
import { profileLink } from '@cadence/app-shell/profile-link';
import { ThemeAndLogoutItems } from '@cadence/app-shell/theme-and-logout-items';
import { useAuth } from '@cadence/app-shell/use-auth';
import { useMenuItems } from '@cadence/app-shell/use-menu';
import { useTrans } from '@cadence/app-shell/use-trans';
import { useWorkspacesEnabled } from '@cadence/app-shell/workspaces/workspace-switcher';
import { MenuItem, MenuPopover } from '@cadence/ui/menu';
import type { MenuButtonMenuProps } from '@cadence/ui/menu-button';
import BellIcon from 'lucide-react/icons/bell';
import CreditCardIcon from 'lucide-react/icons/credit-card';
import MicIcon from 'lucide-react/icons/mic-vocal';
import UploadIcon from 'lucide-react/icons/upload';
import UserIcon from 'lucide-react/icons/user';
import UsersIcon from 'lucide-react/icons/users';
import { useArtistLinks } from '../features/listener-settings/use-artist-links';

/** The user menu's items (its own chunk, react-aria), opened by UserMenu's light trigger. */
export default function UserMenuItems(props: MenuButtonMenuProps) {
  const { trans } = useTrans();
  const { user, isSubscribed } = useAuth();
  const customItems = useMenuItems('auth-dropdown');
  const hasWorkspaces = useWorkspacesEnabled();
  const openLink = useOpenAppLink();
  const { canBecomeArtist, canUpload } = useArtistLinks();
  if (!user) return null;
  return (
    <AriaRouterProvider>
      <MenuPopover {...props}>
        {customItems.map((item) => (
          <MenuItem key={item.id} onAction={() => openLink(item.href)}>
            {trans(item.label)}
          </MenuItem>
        ))}
        <MenuItem href={profileLink(user)} icon={<UserIcon />}>
          {trans('Profile page')}
        </MenuItem>
        <MenuItem href="/notifications" icon={<BellIcon />} className="md:hidden">
          {trans('Notifications')}
        </MenuItem>
        {hasWorkspaces && (
          // Small screens have no room for the top bar's switcher: the workspaces page switches.
          <MenuItem href="/workspaces" icon={<UsersIcon />} className="md:hidden">
            {trans('Workspaces')}
          </MenuItem>
        )}
        {canUpload && (
          <MenuItem onAction={() => openLink('/backstage/upload')} icon={<UploadIcon />}>
            {trans('Upload')}
          </MenuItem>
        )}
        {canBecomeArtist && (
          // The request form is the backstage's page at the site root: a page load, not a player route.
          <MenuItem onAction={() => openLink('/become-artist')} icon={<MicIcon />}>
            {trans('Become an artist')}
          </MenuItem>
        )}
        {isSubscribed && (
          <MenuItem href="/billing" icon={<CreditCardIcon />}>
            {trans('Billing')}
          </MenuItem>
        )}
        <ThemeAndLogoutItems />
      </MenuPopover>
    </AriaRouterProvider>
  );
}
