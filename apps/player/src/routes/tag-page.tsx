import { useTrans } from '@cadence/app-shell/use-trans';
import type { TAlbum } from '@cadence/contracts/album';
import type { TTrack } from '@cadence/contracts/track';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useMemo } from 'react';
import { NavLink, useParams } from 'react-router';
import { allItems, LoadMore, pagedListQuery, totalOf } from '../features/catalogue/infinite-list';
import { MediaCard, MediaGrid } from '../features/catalogue/media-card';
import { EmptyState, ErrorState, PageSkeleton } from '../features/catalogue/page-states';
import { playCollection } from '../features/catalogue/play-collection';
import { toPlayerTrack } from '../features/catalogue/to-player-track';
import { albumUrl } from '../features/catalogue/urls';
import { TrackTable } from '../features/tracks/track-table';

const taggedQuery = <T,>(tagName: string, type: 'tracks' | 'albums') =>
  pagedListQuery<T>(['tags', tagName, type], `tags/${encodeURIComponent(tagName)}/${type}`);

/** `/tag/{tagName}` with `/tracks` and `/albums`: what carries the tag, loading more on scroll. */
export function TagPage() {
  const { trans } = useTrans();
  const { tagName = '', tab = 'tracks' } = useParams();
  const type = tab === 'albums' ? 'albums' : 'tracks';
  const base = `/tag/${encodeURIComponent(tagName)}`;
  return (
    <div className="p-6" data-testid="tag-page">
      <h1 className="mb-4 text-3xl font-bold">#{tagName}</h1>
      <nav aria-label={trans('Tag')} className="mb-6 flex gap-2">
        {(['tracks', 'albums'] as const).map((name) => (
          <NavLink
            key={name}
            to={`${base}/${name}`}
            className={() =>
              clsx('rounded-full px-3 py-1 text-sm', type === name ? 'bg-fg text-bg' : 'bg-chip')
            }
          >
            {trans(name === 'tracks' ? 'Songs' : 'Albums')}
          </NavLink>
        ))}
      </nav>
      {type === 'tracks' ? <TaggedTracks tagName={tagName} /> : <TaggedAlbums tagName={tagName} />}
    </div>
  );
}

function TaggedTracks({ tagName }: { tagName: string }) {
  const { trans } = useTrans();
  const query = useInfiniteQuery(taggedQuery<TTrack>(tagName, 'tracks'));
  const tracks = useMemo(() => allItems(query.data).map((track) => toPlayerTrack(track)), [query.data]);
  if (query.isPending) return <PageSkeleton variant="list" />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (tracks.length === 0)
    return <EmptyState title={trans('Nothing tagged ":tag" yet.', { tag: tagName })} />;
  return (
    <>
      <TrackTable tracks={tracks} totalCount={totalOf(query.data)} aria-label={tagName} />
      <LoadMore {...query} />
    </>
  );
}

function TaggedAlbums({ tagName }: { tagName: string }) {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(taggedQuery<TAlbum>(tagName, 'albums'));
  if (query.isPending) return <PageSkeleton variant="grid" />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const albums = allItems(query.data);
  if (albums.length === 0)
    return <EmptyState title={trans('Nothing tagged ":tag" yet.', { tag: tagName })} />;
  return (
    <>
      <MediaGrid>
        {albums.map((album) => (
          <MediaCard
            key={album.id}
            title={album.name}
            subtitle={album.artists.map((artist) => artist.name).join(', ')}
            image={album.image}
            to={albumUrl(album, album.artists[0]?.name)}
            onPlay={() => void playCollection(queryClient, 'album', album.id)}
          />
        ))}
      </MediaGrid>
      <LoadMore {...query} />
    </>
  );
}
