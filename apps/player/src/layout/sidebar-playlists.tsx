import { openDialog } from '@cadence/app-shell/modal-store';
import { useAuth } from '@cadence/app-shell/use-auth';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TPlaylist } from '@cadence/contracts/playlist';
import { PlainIconButton } from '@cadence/ui/plain-icon-button';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import PlusIcon from 'lucide-react/icons/plus';
import { NavLink, useNavigate } from 'react-router';
import { playlistUrl } from '../features/catalogue/urls';
import { myPlaylistsQuery } from '../features/playlists/playlist-queries';

/** Player-ux: the user's playlists under the sidebar menus, with "New playlist". */
export function SidebarPlaylists() {
  const { trans } = useTrans();
  const { isLoggedIn, hasPermission } = useAuth();
  const navigate = useNavigate();
  const query = useQuery({ ...myPlaylistsQuery(), enabled: isLoggedIn });
  if (!isLoggedIn) return null;
  const playlists = query.data?.pagination.data ?? [];
  // The dialog (react-aria forms) loads on first use, not with the sidebar.
  const create = () =>
    void import('../features/playlists/create-playlist-dialog')
      .then(({ CreatePlaylistDialog }) =>
        openDialog<TPlaylist>((close) => <CreatePlaylistDialog onClose={close} />),
      )
      .then((playlist) => playlist && navigate(playlistUrl(playlist)));
  return (
    <section
      aria-labelledby="sidebar-playlists-heading"
      className="flex min-h-0 flex-col gap-1 border-t border-divider pt-4"
    >
      <div className="flex items-center justify-between px-3">
        <h2
          id="sidebar-playlists-heading"
          className="text-xs font-semibold tracking-wide text-muted uppercase"
        >
          {trans('Playlists')}
        </h2>
        {hasPermission('playlists.create') && (
          <PlainIconButton
            size="xs"
            aria-label={trans('New playlist')}
            onPress={create}
            data-testid="sidebar-new-playlist"
          >
            <PlusIcon aria-hidden />
          </PlainIconButton>
        )}
      </div>
      <ul className="flex flex-col" data-testid="sidebar-playlists">
        {playlists.map((playlist) => (
          <li key={playlist.id}>
            <NavLink
              to={playlistUrl(playlist)}
              className={({ isActive }) =>
                clsx(
                  'block truncate rounded-button px-3 py-1.5 text-sm',
                  isActive ? 'bg-fg-base/10 text-fg' : 'text-muted hover:text-fg',
                )
              }
            >
              {playlist.name}
            </NavLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
