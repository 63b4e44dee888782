import { useTrans } from '@cadence/app-shell/use-trans';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, type ReactNode, useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { AdSlot } from '../features/ads/ad-slot';
import { ArtistAlbums } from '../features/catalogue/artist-albums';
import { artistQuery, similarArtistsQuery } from '../features/catalogue/catalogue-queries';
import { CollectionActions } from '../features/catalogue/collection-actions';
import { MediaCard, MediaGrid } from '../features/catalogue/media-card';
import { MediaHeader } from '../features/catalogue/media-header';
import { ErrorState, PageSkeleton } from '../features/catalogue/page-states';
import { playCollection } from '../features/catalogue/play-collection';
import { toPlayerTrack } from '../features/catalogue/to-player-track';
import { artistUrl, genreUrl, radioUrl } from '../features/catalogue/urls';
import { FollowersGrid } from '../features/catalogue/user-grid';
import { FollowButton } from '../features/library/follow-button';
import { type TArtistTab, useListenerSettings } from '../features/listener-settings/listener-settings';
import { TrackTable } from '../features/tracks/track-table';

export function ArtistPage() {
  const { trans } = useTrans();
  const settings = useListenerSettings();
  const id = Number(useParams().artistId);
  const query = useQuery(artistQuery(id));
  const artist = query.data?.artist;
  const tracks = useMemo(() => (artist?.top_tracks ?? []).map((track) => toPlayerTrack(track)), [artist]);
  if (query.isPending) return <PageSkeleton />;
  if (query.isError || !artist)
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const followers = artist.counts?.followers;
  const hasAbout = Boolean(artist.description) || (artist.genres?.length ?? 0) > 0;
  const popularTracks = tracks.length > 0 && (
    <section aria-labelledby="popular-heading">
      <h2 id="popular-heading" className="mb-3 text-xl font-bold">
        {trans('Popular tracks')}
      </h2>
      <TrackTable tracks={tracks} aria-label={trans('Popular tracks')} />
    </section>
  );
  const albums = (
    <ArtistAlbums artistName={artist.name} albums={artist.albums ?? []} layout={settings.albumLayout} />
  );
  // The admin's artist page tabs (artist_page.tabs), shown as sections in their order.
  const sections: Record<TArtistTab, ReactNode> = {
    discography: (
      <>
        {popularTracks}
        {albums}
      </>
    ),
    similar: <SimilarArtists id={artist.id} />,
    about: hasAbout && (
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
    ),
    tracks: tracks.length > 0 && (
      <section aria-labelledby="tracks-heading">
        <h2 id="tracks-heading" className="mb-3 text-xl font-bold">
          {trans('Tracks')}
        </h2>
        <TrackTable tracks={tracks} aria-label={trans('Tracks')} />
      </section>
    ),
    albums: settings.artistTabs.includes('discography') ? null : albums,
    followers: (
      <section aria-labelledby="followers-heading">
        <h2 id="followers-heading" className="mb-3 text-xl font-bold">
          {trans('Followers')}
        </h2>
        <FollowersGrid type="artist" id={artist.id} />
      </section>
    ),
  };
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
            {settings.showArtistDescription && artist.description && (
              <p className="mt-2 line-clamp-2 basis-full max-w-2xl" data-testid="artist-short-bio">
                {shortBio(artist.description)}
              </p>
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
            {!settings.hideRadioButton && (
              <Link to={radioUrl('artist', artist)} className="text-sm text-muted hover:text-fg">
                {trans('Artist radio')}
              </Link>
            )}
          </>
        }
      />
      <AdSlot slot="artist_top" className="px-6 pb-6" />
      <div className="flex flex-col gap-10 px-6 pb-10">
        {settings.artistTabs.map((tab) => (
          <Fragment key={tab}>{sections[tab]}</Fragment>
        ))}
        <AdSlot slot="artist_bottom" />
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

/** The header's short biography (artist_page.show_description): the first sentences, up to 200 characters. */
function shortBio(description: string): string {
  const text = description.replace(/\s+/g, ' ').trim();
  if (text.length <= 200) return text;
  const cut = text.slice(0, 200);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 150)).trimEnd()}…`;
}
