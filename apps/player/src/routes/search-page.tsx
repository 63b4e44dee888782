import { useTrans } from '@cadence/app-shell/use-trans';
import type { TSearchResponse, TSearchType } from '@cadence/contracts/search';
import { SEARCH_TYPES } from '@cadence/contracts/search-types';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import SearchIcon from 'lucide-react/icons/search';
import { Link, useParams } from 'react-router';
import { MediaCard, MediaGrid, PRIORITY_CARDS } from '../features/catalogue/media-card';
import { EmptyState, ErrorState, PageSkeleton } from '../features/catalogue/page-states';
import { playCollection } from '../features/catalogue/play-collection';
import { toPlayerTrack } from '../features/catalogue/to-player-track';
import { albumUrl, artistUrl, genreUrl, playlistUrl, tagUrl, userUrl } from '../features/catalogue/urls';
import { searchAllQuery, searchQuery } from '../features/search/search-queries';
import { TrackTable } from '../features/tracks/track-table';

const TAB_LABELS: Record<'all' | TSearchType, string> = {
  all: 'All',
  tracks: 'Songs',
  albums: 'Albums',
  artists: 'Artists',
  playlists: 'Playlists',
  users: 'Profiles',
  genres: 'Genres',
  tags: 'Tags',
};

const GRID_TYPES = ['artists', 'albums', 'playlists', 'users', 'genres'] as const;

/** `/search[/{searchQuery}[/{tabName}]]` */
export function SearchPage() {
  const { trans } = useTrans();
  const { searchQuery: rawQuery = '', tabName = 'all' } = useParams();
  const tab = (['all', ...SEARCH_TYPES] as string[]).includes(tabName)
    ? (tabName as 'all' | TSearchType)
    : 'all';
  const text = rawQuery.trim();
  const query = useQuery(tab === 'all' ? searchAllQuery(text) : searchQuery(text, [tab], 50));
  if (!text) {
    return (
      <EmptyState
        icon={<SearchIcon aria-hidden />}
        title={trans('Search')}
        description={trans('Find songs, albums, artists, playlists and people.')}
      />
    );
  }
  return (
    <div className="p-6" data-testid="search-page">
      <nav aria-label={trans('Search tabs')} className="mb-6 flex flex-wrap gap-2">
        {(['all', ...SEARCH_TYPES] as const).map((name) => (
          <Link
            key={name}
            to={`/search/${encodeURIComponent(text)}${name === 'all' ? '' : `/${name}`}`}
            aria-current={tab === name ? 'page' : undefined}
            className={clsx(
              'rounded-full px-3 py-1 text-sm',
              tab === name ? 'bg-fg text-bg' : 'bg-chip hover:bg-fg-base/10',
            )}
          >
            {trans(TAB_LABELS[name])}
          </Link>
        ))}
      </nav>
      {query.isPending ? (
        <PageSkeleton variant="list" />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <SearchResults results={query.data.results} tab={tab} text={text} />
      )}
    </div>
  );
}

function SearchResults({
  results,
  tab,
  text,
}: {
  results: TSearchResponse['results'];
  tab: 'all' | TSearchType;
  text: string;
}) {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const total = Object.values(results).reduce((sum, list) => sum + (list?.length ?? 0), 0);
  if (total === 0) {
    return (
      <EmptyState
        title={trans('No results for ":query"', { query: text })}
        description={trans('Check the spelling or try other words.')}
      />
    );
  }
  const section = (type: TSearchType, content: React.ReactNode, count: number) =>
    count > 0 && (
      <section key={type} className="mb-10" aria-labelledby={`search-${type}`}>
        <h2 id={`search-${type}`} className="mb-3 text-xl font-bold">
          {tab === 'all' ? (
            <Link to={`/search/${encodeURIComponent(text)}/${type}`} className="hover:underline">
              {trans(TAB_LABELS[type])}
            </Link>
          ) : (
            trans(TAB_LABELS[type])
          )}
        </h2>
        {content}
      </section>
    );
  const tracks = (results.tracks ?? []).map((track) => toPlayerTrack(track));
  // Above a few songs, the first grid's first cards are still in view (a phone's LCP image).
  const priorityGrid = GRID_TYPES.find((type) => (results[type]?.length ?? 0) > 0);
  const isPriority = (type: TSearchType, index: number) => type === priorityGrid && index < PRIORITY_CARDS;
  return (
    <>
      {section('tracks', <TrackTable tracks={tracks} aria-label={trans('Songs')} />, tracks.length)}
      {section(
        'artists',
        <MediaGrid>
          {results.artists?.map((artist, index) => (
            <MediaCard
              key={artist.id}
              title={artist.name}
              subtitle={trans('Artist')}
              image={artist.image_small}
              isPriority={isPriority('artists', index)}
              to={artistUrl(artist)}
              isRound
            />
          ))}
        </MediaGrid>,
        results.artists?.length ?? 0,
      )}
      {section(
        'albums',
        <MediaGrid>
          {results.albums?.map((album, index) => (
            <MediaCard
              key={album.id}
              title={album.name}
              subtitle={album.artists.map((artist) => artist.name).join(', ')}
              image={album.image}
              isPriority={isPriority('albums', index)}
              to={albumUrl(album, album.artists[0]?.name)}
              onPlay={() => void playCollection(queryClient, 'album', album.id)}
            />
          ))}
        </MediaGrid>,
        results.albums?.length ?? 0,
      )}
      {section(
        'playlists',
        <MediaGrid>
          {results.playlists?.map((playlist, index) => (
            <MediaCard
              key={playlist.id}
              title={playlist.name}
              subtitle={playlist.owner?.name}
              image={playlist.image}
              isPriority={isPriority('playlists', index)}
              to={playlistUrl(playlist)}
              onPlay={() => void playCollection(queryClient, 'playlist', playlist.id)}
            />
          ))}
        </MediaGrid>,
        results.playlists?.length ?? 0,
      )}
      {section(
        'users',
        <MediaGrid>
          {results.users?.map((user, index) => (
            <MediaCard
              key={user.id}
              title={user.name}
              image={user.image}
              to={userUrl(user)}
              isRound
              isPriority={isPriority('users', index)}
            />
          ))}
        </MediaGrid>,
        results.users?.length ?? 0,
      )}
      {section(
        'genres',
        <MediaGrid>
          {results.genres?.map((genre, index) => (
            <MediaCard
              key={genre.id}
              title={genre.display_name ?? genre.name}
              image={genre.image}
              isPriority={isPriority('genres', index)}
              to={genreUrl(genre)}
            />
          ))}
        </MediaGrid>,
        results.genres?.length ?? 0,
      )}
      {section(
        'tags',
        <div className="flex flex-wrap gap-2">
          {results.tags?.map((tag) => (
            <Link
              key={tag.id}
              to={tagUrl(tag)}
              className="rounded-full bg-chip px-3 py-1 text-sm hover:bg-fg-base/10"
            >
              {tag.display_name ?? tag.name}
            </Link>
          ))}
        </div>,
        results.tags?.length ?? 0,
      )}
    </>
  );
}
