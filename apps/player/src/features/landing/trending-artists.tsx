import { useTrans } from '@cadence/app-shell/use-trans';
import type { TArtist } from '@cadence/contracts/artist';
import type { TPagination } from '@cadence/contracts/pagination';
import { apiClient } from '@cadence/http-client/http-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { MediaCard } from '../catalogue/media-card';
import { artistUrl } from '../catalogue/urls';

const trendingArtistsQuery = () =>
  queryOptions({
    queryKey: ['artists', 'trending'],
    queryFn: ({ signal }) =>
      apiClient.get<TPagination<TArtist>>('artists', {
        params: { orderBy: 'plays', orderDir: 'desc', perPage: 6 },
        signal,
      }),
    meta: { silentError: true },
  });

/** `landing.show_trending_artists`: the most played artists. */
export function TrendingArtists() {
  const { trans } = useTrans();
  const { data } = useQuery(trendingArtistsQuery());
  const artists = data?.pagination.data ?? [];
  if (artists.length === 0) return null;
  return (
    <section aria-labelledby="trending-heading" className="mx-auto max-w-6xl px-6 py-16">
      <h2 id="trending-heading" className="mb-8 text-center text-3xl font-bold">
        {trans('Trending artists')}
      </h2>
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
        {artists.map((artist) => (
          <MediaCard
            key={artist.id}
            title={artist.name}
            image={artist.image_small}
            to={artistUrl(artist)}
            isRound
          />
        ))}
      </div>
    </section>
  );
}
