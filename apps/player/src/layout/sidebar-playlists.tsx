import { openDialog } from '@cadence/app-shell/modal-store';
import { toast } from '@cadence/app-shell/toast-store';
import { useAuth } from '@cadence/app-shell/use-auth';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TPlaylist } from '@cadence/contracts/playlist';
import { PlainIconButton } from '@cadence/ui/plain-icon-button';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import PlusIcon from 'lucide-react/icons/plus';
import SparklesIcon from 'lucide-react/icons/sparkles';
import { useState } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { playlistUrl } from '../features/catalogue/urls';
import { addTracksToPlaylist, myPlaylistsQuery } from '../features/playlists/playlist-queries';
import { carriesTracks, readDraggedTrackIds } from '../features/tracks/track-drop';

/**
 * Player-ux: the user's playlists under the sidebar menus, with "New playlist". Track rows dropped
 * on a playlist are added to it (the rows' menu "Add to playlist" does the same from the keyboard).
 */
export function SidebarPlaylists() {
  const { trans } = useTrans();
  const { isLoggedIn, hasPermission } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useQuery({ ...myPlaylistsQuery(), enabled: isLoggedIn });
  const [dropTargetId, setDropTargetId] = useState<number | null>(null);
  if (!isLoggedIn) return null;
  const addDropped = async (playlist: TPlaylist, trackIds: number[]) => {
    try {
      await addTracksToPlaylist(playlist.id, trackIds);
      void queryClient.invalidateQueries({ queryKey: ['playlists', playlist.id] });
      toast.positive(trans('Added to ":name"', { name: playlist.name }));
    } catch {
      toast.danger(trans('There was an issue. Please try again later.'));
    }
  };
  const playlists = query.data?.pagination.data ?? [];
  // The dialog (react-aria forms) loads on first use, not with the sidebar.
  const create = () =>
    void import('../features/playlists/create-playlist-dialog')
      .then(({ CreatePlaylistDialog }) =>
        openDialog<TPlaylist>((close) => <CreatePlaylistDialog onClose={close} />),
      )
      .then((playlist) => playlist && navigate(playlistUrl(playlist)));
  const createSmart = () =>
    void import('../features/smart-playlists/smart-playlist-editor')
      .then(({ SmartPlaylistEditor }) =>
        openDialog<TPlaylist>((close) => <SmartPlaylistEditor onClose={close} />),
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
          <div className="flex items-center gap-1">
            <PlainIconButton
              size="xs"
              aria-label={trans('New smart playlist')}
              onPress={createSmart}
              data-testid="sidebar-new-smart-playlist"
            >
              <SparklesIcon aria-hidden />
            </PlainIconButton>
            <PlainIconButton
              size="xs"
              aria-label={trans('New playlist')}
              onPress={create}
              data-testid="sidebar-new-playlist"
            >
              <PlusIcon aria-hidden />
            </PlainIconButton>
          </div>
        )}
      </div>
      <ul className="flex flex-col" data-testid="sidebar-playlists">
        {playlists.map((playlist) => (
          <li key={playlist.id}>
            <NavLink
              to={playlistUrl(playlist)}
              onDragOver={(event) => {
                if (!carriesTracks(event.dataTransfer)) return;
                event.preventDefault();
                event.dataTransfer.dropEffect = 'copy';
                setDropTargetId(playlist.id);
              }}
              onDragLeave={() => setDropTargetId((id) => (id === playlist.id ? null : id))}
              onDrop={(event) => {
                const trackIds = readDraggedTrackIds(event.dataTransfer);
                setDropTargetId(null);
                if (!trackIds) return;
                event.preventDefault();
                void addDropped(playlist, trackIds);
              }}
              data-drop-target={dropTargetId === playlist.id || undefined}
              className={({ isActive }) =>
                clsx(
                  'block truncate rounded-button px-3 py-1.5 text-sm',
                  dropTargetId === playlist.id
                    ? 'bg-primary/20 text-fg ring-2 ring-primary'
                    : isActive
                      ? 'bg-fg-base/10 text-fg'
                      : 'text-muted hover:text-fg',
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
