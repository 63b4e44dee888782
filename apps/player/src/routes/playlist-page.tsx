import { useAuth } from '@cadence/app-shell/use-auth';
import { useTrans } from '@cadence/app-shell/use-trans';
import { Button } from '@cadence/ui/button';
import { IconButton } from '@cadence/ui/icon-button';
import { useQuery } from '@tanstack/react-query';
import ArrowUpDownIcon from 'lucide-react/icons/arrow-up-down';
import EllipsisIcon from 'lucide-react/icons/ellipsis';
import ListMusicIcon from 'lucide-react/icons/list-music';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { playlistQuery } from '../features/catalogue/catalogue-queries';
import { CollectionActions } from '../features/catalogue/collection-actions';
import { MediaHeader } from '../features/catalogue/media-header';
import { EmptyState, ErrorState, PageSkeleton } from '../features/catalogue/page-states';
import { toPlayerTrack } from '../features/catalogue/to-player-track';
import { totalDuration } from '../features/catalogue/total-duration';
import { playlistUrl, userUrl } from '../features/catalogue/urls';
import { DownloadButton } from '../features/offline/download-button';
import { useRemovePlaylistTracks } from '../features/playlists/playlist-tracks-cache';
import { TrackTable } from '../features/tracks/track-table';

// What only an owner or an editor opens (the owner's menu and its dialogs, drag-and-drop
// reordering) loads when it is drawn: a listener's first visit preloads only what it renders.
const PlaylistOwnerMenu = lazy(() =>
  import('../features/playlists/playlist-owner-menu').then((m) => ({ default: m.PlaylistOwnerMenu })),
);
const PlaylistTrackEditor = lazy(() =>
  import('../features/playlists/playlist-track-editor').then((m) => ({ default: m.PlaylistTrackEditor })),
);

export function PlaylistPage() {
  const { trans } = useTrans();
  const id = Number(useParams().playlistId);
  const query = useQuery(playlistQuery(id));
  const playlist = query.data?.playlist;
  const tracks = useMemo(() => (playlist?.tracks ?? []).map((track) => toPlayerTrack(track)), [playlist]);
  const { user, hasPermission } = useAuth();
  const [isEditing, setIsEditing] = useState(false);
  const removeTracks = useRemovePlaylistTracks(id);
  if (query.isPending) return <PageSkeleton />;
  if (query.isError || !playlist)
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const isOwner = user !== null && (user.id === playlist.owner_id || hasPermission('playlists.update'));
  const isSmart = !!playlist.smart_rules;
  // A smart playlist's tracks come from its rules: no reordering or removing.
  const isEditor =
    !isSmart &&
    (isOwner ||
      (playlist.collaborative && (playlist.editors ?? []).some((editor) => editor.id === user?.id)));
  return (
    <div data-testid="playlist-page">
      <MediaHeader
        image={playlist.image ?? tracks[0]?.image ?? null}
        label={isSmart ? trans('Smart playlist') : trans('Playlist')}
        title={playlist.name}
        meta={
          <>
            {playlist.owner && (
              <Link to={userUrl(playlist.owner)} className="font-medium text-fg hover:underline">
                {playlist.owner.name}
              </Link>
            )}
            {(playlist.editors ?? []).length > 0 && (
              <span>
                · {trans('with :names', { names: (playlist.editors ?? []).map((e) => e.name).join(', ') })}
              </span>
            )}
            <span>
              · {trans('{count, plural, one {# track} other {# tracks}}', { count: tracks.length })}
            </span>
            <span>· {totalDuration(tracks)}</span>
          </>
        }
        actions={
          <>
            <CollectionActions
              tracks={tracks}
              like={{ type: 'playlist', id: playlist.id }}
              share={{ title: playlist.name, path: playlistUrl(playlist) }}
              report={{ type: 'playlist', id: playlist.id, name: playlist.name }}
              party={{ type: playlist.smart_rules ? 'smart_playlist' : 'playlist', id: playlist.id }}
            />
            {tracks.length > 0 && (
              <DownloadButton type="playlist" id={playlist.id} path={playlistUrl(playlist)} />
            )}
            {isEditor && tracks.length > 0 && (
              <Button
                variant={isEditing ? 'primary' : 'outline'}
                onPress={() => setIsEditing(!isEditing)}
                startIcon={<ArrowUpDownIcon aria-hidden className="size-4" />}
                data-testid="playlist-edit-tracks"
              >
                {isEditing ? trans('Done') : trans('Edit tracks')}
              </Button>
            )}
            {isOwner && (
              <Suspense fallback={<PendingOwnerMenu />}>
                <PlaylistOwnerMenu playlist={playlist} />
              </Suspense>
            )}
          </>
        }
      />
      {playlist.description && <p className="px-6 pb-4 text-muted">{playlist.description}</p>}
      <div className="px-4 pb-8">
        {tracks.length === 0 ? (
          <EmptyState
            icon={<ListMusicIcon aria-hidden />}
            title={isSmart ? trans('No tracks match these rules yet.') : trans('This playlist is empty.')}
            description={
              isSmart
                ? trans('Edit the rules from the playlist menu.')
                : trans('Add tracks with "Add to playlist" in any track menu.')
            }
          />
        ) : isEditing ? (
          <Suspense fallback={<TrackTable tracks={tracks} aria-label={playlist.name} />}>
            <PlaylistTrackEditor playlist={playlist} tracks={tracks} />
          </Suspense>
        ) : (
          <TrackTable
            tracks={tracks}
            aria-label={playlist.name}
            onRemove={isEditor ? (removed) => removeTracks(removed.map((track) => track.id)) : undefined}
          />
        )}
      </div>
    </div>
  );
}

/** The owner menu's button while its code loads: the same size and place, not yet usable. */
function PendingOwnerMenu() {
  const { trans } = useTrans();
  return (
    <IconButton aria-label={trans('Playlist options')} isDisabled data-testid="playlist-owner-menu">
      <EllipsisIcon aria-hidden />
    </IconButton>
  );
}
