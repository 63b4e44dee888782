import { AppLink } from '@cadence/app-shell/app-link';
import { icon } from '@cadence/app-shell/icon';
import { MenuIcon } from '@cadence/app-shell/menu-icon';
import { SiteLogo } from '@cadence/app-shell/site-logo';
import { useAuth } from '@cadence/app-shell/use-auth';
import { useMenuItems } from '@cadence/app-shell/use-menu';
import { useTrans } from '@cadence/app-shell/use-trans';
import { Suspense } from 'react';
import { Link } from 'react-router';
import { useArtistLinks } from '../features/listener-settings/use-artist-links';
import { MenuLink } from './menu-link';
import { SidebarPlaylists } from './signed-in-parts-loader';

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-3 rounded-button px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? 'bg-fg-base/10 text-fg' : 'text-muted hover:bg-fg-base/5 hover:text-fg'
  }`;

/** Desktop sidebar (player-ux): logo, sidebar-primary, then sidebar-secondary. */
export function Sidebar() {
  const { trans } = useTrans();
  const primary = useMenuItems('sidebar-primary');
  const secondary = useMenuItems('sidebar-secondary');
  const { isLoggedIn } = useAuth();
  return (
    <aside className="hidden w-60 shrink-0 flex-col gap-6 overflow-y-auto border-r border-divider bg-bg-alt p-4 md:flex">
      <Link to="/" className="px-3">
        <SiteLogo className="h-8 w-auto" />
      </Link>
      <nav aria-label={trans('Main')} className="flex flex-col gap-1" data-testid="sidebar-primary">
        {primary.map((item) => (
          <MenuLink key={item.id} item={item} className={itemClass}>
            <MenuIcon name={item.icon} />
            {trans(item.label)}
          </MenuLink>
        ))}
      </nav>
      {secondary.length > 0 && (
        <nav
          aria-label={trans('Your music')}
          className="flex flex-col gap-1 border-t border-divider pt-4"
          data-testid="sidebar-secondary"
        >
          {secondary.map((item) => (
            <MenuLink key={item.id} item={item} className={itemClass}>
              <MenuIcon name={item.icon} />
              {trans(item.label)}
            </MenuLink>
          ))}
        </nav>
      )}
      <SidebarActions />
      {isLoggedIn && (
        <Suspense fallback={null}>
          <SidebarPlaylists />
        </Suspense>
      )}
    </aside>
  );
}

function SidebarActions() {
  const { trans } = useTrans();
  const { canBecomeArtist, canUpload } = useArtistLinks();
  if (!canBecomeArtist && !canUpload) return null;
  return (
    <div className="flex flex-col gap-1 border-t border-divider pt-4" data-testid="sidebar-actions">
      {canUpload && (
        <AppLink href="/backstage/upload" className={itemClass}>
          {icon('upload', { className: 'size-4' })}
          {trans('Upload')}
        </AppLink>
      )}
      {canBecomeArtist && (
        <AppLink href="/become-artist" className={itemClass}>
          {icon('mic-vocal', { className: 'size-4' })}
          {trans('Become an artist')}
        </AppLink>
      )}
    </div>
  );
}
