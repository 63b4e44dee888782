import { useTrans } from '@cadence/app-shell/use-trans';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { AdSlot } from '../features/ads/ad-slot';
import { artistQuery, similarArtistsQuery } from '../features/catalogue/catalogue-queries';
import { CollectionActions } from '../features/catalogue/collection-actions';
import { MediaCard, MediaGrid } from '../features/catalogue/media-card';
import { MediaHeader } from '../features/catalogue/media-header';
import { ErrorState, PageSkeleton } from '../features/catalogue/page-states';
import { playCollection } from '../features/catalogue/play-collection';
import { toPlayerTrack } from '../features/catalogue/to-player-track';
import { albumUrl, artistUrl, genreUrl, radioUrl } from '../features/catalogue/urls';
import { FollowersGrid } from '../features/catalogue/user-grid';
import { FollowButton } from '../features/library/follow-button';
import { TrackTable } from '../features/tracks/track-table';

export function ArtistPage() {
  const { trans } = useTrans();
  const id = Number(useParams().artistId);
  const queryClient = useQueryClient();
  const query = useQuery(artistQuery(id));
  const artist = query.data?.artist;
  const tracks = useMemo(() => (artist?.top_tracks ?? []).map((track) => toPlayerTrack(track)), [artist]);
  if (query.isPending) return <PageSkeleton />;
  if (query.isError || !artist)
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const followers = artist.counts?.followers;
  return (
    <div data-testid="artist-page">
      <MediaHeader
        image={artist.image_large ?? artist.image_small}
        isRound
        label={artist.verified ? trans('Verified artist') : trans('Artist')}
        title={artist.name}
        meta={
          <>
            <span>{trans('{count, plural, one {# play} other {# plays}}', { count: artist.plays })}</span>
            {followers !== undefined && (
              <span>
                · {trans('{count, plural, one {# follower} other {# followers}}', { count: followers })}
              </span>
            )}
          </>
        }
        actions={
          <>
            <CollectionActions
              tracks={tracks}
              like={{ type: 'artist', id: artist.id }}
              share={{ title: artist.name, path: artistUrl(artist) }}
            />
            <FollowButton type="artist" id={artist.id} name={artist.name} />
            <Link to={radioUrl('artist', artist)} className="text-sm text-muted hover:text-fg">
              {trans('Artist radio')}
            </Link>
          </>
        }
      />
      <AdSlot slot="artist_top" className="px-6 pb-6" />
      <div className="flex flex-col gap-10 px-6 pb-10">
        {tracks.length > 0 && (
          <section aria-labelledby="popular-heading">
            <h2 id="popular-heading" className="mb-3 text-xl font-bold">
              {trans('Popular tracks')}
            </h2>
            <TrackTable tracks={tracks} aria-label={trans('Popular tracks')} />
          </section>
        )}
        {artist.albums && artist.albums.length > 0 && (
          <section aria-labelledby="albums-heading">
            <h2 id="albums-heading" className="mb-3 text-xl font-bold">
              {trans('Albums')}
            </h2>
            <MediaGrid>
              {artist.albums.map((album) => (
                <MediaCard
                  key={album.id}
                  title={album.name}
                  subtitle={album.release_date?.slice(0, 4)}
                  image={album.image}
                  to={albumUrl(album, artist.name)}
                  onPlay={() => void playCollection(queryClient, 'album', album.id)}
                />
              ))}
            </MediaGrid>
          </section>
        )}
        <SimilarArtists id={artist.id} />
        <AdSlot slot="artist_bottom" />
        {(artist.description || (artist.genres?.length ?? 0) > 0) && (
          <section aria-labelledby="about-heading" className="max-w-3xl">
            <h2 id="about-heading" className="mb-3 text-xl font-bold">
              {trans('About')}
            </h2>
            {artist.description && <p className="whitespace-pre-line text-muted">{artist.description}</p>}
            <div className="mt-3 flex flex-wrap gap-2">
              {artist.genres?.map((genre) => (
                <Link
                  key={genre.id}
                  to={genreUrl(genre)}
                  className="rounded-full bg-chip px-3 py-1 text-sm hover:bg-fg-base/10"
                >
                  {genre.display_name ?? genre.name}
                </Link>
              ))}
            </div>
          </section>
        )}
        <section aria-labelledby="followers-heading">
          <h2 id="followers-heading" className="mb-3 text-xl font-bold">
            {trans('Followers')}
          </h2>
          <FollowersGrid type="artist" id={artist.id} />
        </section>
      </div>
    </div>
  );
}

function SimilarArtists({ id }: { id: number }) {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const query = useQuery(similarArtistsQuery(id));
  const artists = query.data?.artists ?? [];
  if (artists.length === 0) return null;
  return (
    <section aria-labelledby="similar-heading">
      <h2 id="similar-heading" className="mb-3 text-xl font-bold">
        {trans('Similar artists')}
      </h2>
      <MediaGrid>
        {artists.map((similar) => (
          <MediaCard
            key={similar.id}
            title={similar.name}
            subtitle={trans('Artist')}
            image={similar.image_small}
            to={artistUrl(similar)}
            isRound
            onPlay={() => void playCollection(queryClient, 'artist', similar.id)}
          />
        ))}
      </MediaGrid>
    </section>
  );
}
