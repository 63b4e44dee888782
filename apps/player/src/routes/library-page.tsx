import { openDialog } from '@cadence/app-shell/modal-store';
import { useAuth } from '@cadence/app-shell/use-auth';
import { useTrans } from '@cadence/app-shell/use-trans';
import { Button } from '@cadence/ui/button';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import HeartIcon from 'lucide-react/icons/heart';
import PlusIcon from 'lucide-react/icons/plus';
import UploadIcon from 'lucide-react/icons/upload';
import { useMemo } from 'react';
import { NavLink, useParams } from 'react-router';
import { allItems, LoadMore, totalOf } from '../features/catalogue/infinite-list';
import { MediaCard, MediaGrid } from '../features/catalogue/media-card';
import { EmptyState, ErrorState, PageSkeleton } from '../features/catalogue/page-states';
import { playCollection } from '../features/catalogue/play-collection';
import { toPlayerTrack } from '../features/catalogue/to-player-track';
import { albumUrl, artistUrl, playlistUrl } from '../features/catalogue/urls';
import {
  historyQuery,
  libraryPlaylistsQuery,
  likedAlbumsQuery,
  likedArtistsQuery,
  likedTracksQuery,
  type TLibraryCard,
} from '../features/library/library-queries';
import { DownloadedList } from '../features/offline/downloaded-list';
import { ImportPlaylistDialog } from '../features/playlist-import/import-playlist-dialog';
import { CreatePlaylistDialog } from '../features/playlists/create-playlist-dialog';
import { TrackTable } from '../features/tracks/track-table';

const TABS = [
  { path: 'songs', label: 'Songs' },
  { path: 'playlists', label: 'Playlists' },
  { path: 'albums', label: 'Albums' },
  { path: 'artists', label: 'Artists' },
  { path: 'history', label: 'History' },
  { path: 'downloaded', label: 'Downloaded' },
] as const;

type TTab = (typeof TABS)[number]['path'];

/** /library and its sections (login required: the route loader checks it). */
export function LibraryPage() {
  const { trans } = useTrans();
  const section = (useParams().section ?? 'songs') as TTab;
  // Issue 37: the Downloaded view belongs to those who may download (it works offline too).
  const canDownload = useAuth().hasPermission('music.download');
  return (
    <div className="p-6" data-testid="library-page">
      <h1 className="mb-4 text-3xl font-bold">{trans('Your library')}</h1>
      <nav aria-label={trans('Library')} className="mb-6 flex flex-wrap gap-2">
        {TABS.filter((tab) => tab.path !== 'downloaded' || canDownload).map((tab) => (
          <NavLink
            key={tab.path}
            to={`/library/${tab.path}`}
            className={({ isActive }) =>
              clsx(
                'rounded-full px-3 py-1 text-sm',
                isActive || (tab.path === 'songs' && section === 'songs')
                  ? 'bg-fg text-bg'
                  : 'bg-chip hover:bg-fg-base/10',
              )
            }
          >
            {trans(tab.label)}
          </NavLink>
        ))}
      </nav>
      {section === 'songs' && <LikedSongs />}
      {section === 'playlists' && <Playlists />}
      {section === 'albums' && <CardList query={likedAlbumsQuery()} type="album" />}
      {section === 'artists' && <CardList query={likedArtistsQuery()} type="artist" />}
      {section === 'history' && <History />}
      {section === 'downloaded' && <DownloadedList />}
    </div>
  );
}

function LikedSongs() {
  const { trans } = useTrans();
  const query = useInfiniteQuery(likedTracksQuery());
  const tracks = useMemo(() => allItems(query.data).map((track) => toPlayerTrack(track)), [query.data]);
  if (query.isPending) return <PageSkeleton variant="list" />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (tracks.length === 0) {
    return (
      <EmptyState
        icon={<HeartIcon aria-hidden />}
        title={trans('Songs you like will appear here')}
        description={trans('Save songs by tapping the heart icon.')}
      />
    );
  }
  return (
    <>
      <TrackTable tracks={tracks} totalCount={totalOf(query.data)} aria-label={trans('Liked songs')} />
      <LoadMore {...query} />
    </>
  );
}

function Playlists() {
  const { trans } = useTrans();
  const create = () => void openDialog((close) => <CreatePlaylistDialog onClose={() => close()} />);
  const importFile = () => void openDialog((close) => <ImportPlaylistDialog onClose={() => close()} />);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" startIcon={<PlusIcon aria-hidden className="size-4" />} onPress={create}>
          {trans('New playlist')}
        </Button>
        <Button
          variant="outline"
          startIcon={<UploadIcon aria-hidden className="size-4" />}
          onPress={importFile}
        >
          {trans('Import playlist')}
        </Button>
      </div>
      <CardList query={libraryPlaylistsQuery()} type="playlist" />
    </div>
  );
}

function CardList({
  query: options,
  type,
}: {
  query: ReturnType<typeof likedAlbumsQuery>;
  type: 'album' | 'artist' | 'playlist';
}) {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(options);
  if (query.isPending) return <PageSkeleton variant="grid" />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const items: TLibraryCard[] = allItems(query.data);
  if (items.length === 0) {
    const titles = {
      album: 'Albums you like will appear here',
      artist: 'Artists you like will appear here',
      playlist: 'Your playlists will appear here',
    };
    return <EmptyState title={trans(titles[type])} />;
  }
  return (
    <>
      <MediaGrid>
        {items.map((item) =>
          type === 'artist' ? (
            <MediaCard
              key={item.id}
              title={item.name}
              subtitle={trans('Artist')}
              image={item.image_small ?? item.image ?? null}
              to={artistUrl(item)}
              isRound
            />
          ) : (
            <MediaCard
              key={item.id}
              title={item.name}
              subtitle={
                type === 'album' ? item.artists?.map((artist) => artist.name).join(', ') : item.owner?.name
              }
              image={item.image ?? null}
              to={type === 'album' ? albumUrl(item, item.artists?.[0]?.name) : playlistUrl(item)}
              onPlay={() => void playCollection(queryClient, type, item.id)}
            />
          ),
        )}
      </MediaGrid>
      <LoadMore {...query} />
    </>
  );
}

function History() {
  const { trans } = useTrans();
  const query = useInfiniteQuery(historyQuery());
  const tracks = useMemo(() => allItems(query.data).map((item) => toPlayerTrack(item.track)), [query.data]);
  if (query.isPending) return <PageSkeleton variant="list" />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (tracks.length === 0) return <EmptyState title={trans('Tracks you play will appear here')} />;
  return (
    <>
      <TrackTable tracks={tracks} totalCount={totalOf(query.data)} aria-label={trans('History')} />
      <LoadMore {...query} />
    </>
  );
}
