import { useTrans } from '@cadence/app-shell/use-trans';
import type { TAlbumResponse } from '@cadence/contracts/album';
import type { TArtistResponse } from '@cadence/contracts/artist';
import type { TBackstageOverview } from '@cadence/contracts/backstage';
import type { TTrackLyricsResponse } from '@cadence/contracts/lyrics';
import type { TTrackResponse } from '@cadence/contracts/track';
import { apiClient } from '@cadence/http-client/http-client';
import { isHttpError } from '@cadence/http-client/http-error';
import { AlbumForm } from '@cadence/music-forms/album-form';
import { ArtistForm } from '@cadence/music-forms/artist-form';
import { TrackForm } from '@cadence/music-forms/track-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';

function useOverview() {
  return useQuery({
    queryKey: ['backstage', 'overview'],
    queryFn: () => apiClient.get<TBackstageOverview>('backstage/overview'),
  });
}

function Page({ title, children, insights }: { title: string; children: ReactNode; insights?: string }) {
  const { trans } = useTrans();
  return (
    <section className="flex flex-col gap-6" data-testid="backstage-edit-page">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">{title}</h1>
        {insights && (
          <Link to={insights} className="text-sm text-primary underline">
            {trans('Insights')}
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}

function Loading({ error }: { error: unknown }) {
  const { trans } = useTrans();
  if (error)
    return (
      <p role="alert">
        {isHttpError(error) && error.status === 404
          ? trans('Not found.')
          : trans('There was an issue. Please try again.')}
      </p>
    );
  return <p className="text-muted">{trans('Loading...')}</p>;
}

export function NewTrackPage() {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const overview = useOverview();
  if (!overview.data) return <Loading error={overview.error} />;
  return (
    <Page title={trans('New track')}>
      <TrackForm
        artistOptions={overview.data.artists}
        albumOptions={overview.data.albums}
        onSaved={(track) => navigate(`/tracks/${track.id}/edit`)}
      />
    </Page>
  );
}

export function EditTrackPage() {
  const { trans } = useTrans();
  const { trackId } = useParams();
  const overview = useOverview();
  const track = useQuery({
    queryKey: ['backstage', 'track', trackId],
    queryFn: () => apiClient.get<TTrackResponse>(`tracks/${trackId}`, { params: { with: 'genres,tags' } }),
  });
  const lyrics = useQuery({
    queryKey: ['backstage', 'track', trackId, 'lyrics'],
    queryFn: () => apiClient.get<TTrackLyricsResponse>(`tracks/${trackId}/lyrics`),
  });
  if (!overview.data || !track.data || lyrics.isPending)
    return <Loading error={overview.error ?? track.error ?? lyrics.error} />;
  return (
    <Page title={trans('Edit track')} insights={`/tracks/${trackId}/insights`}>
      <TrackForm
        track={track.data.track}
        artistOptions={overview.data.artists}
        albumOptions={overview.data.albums}
        lyrics={lyrics.data?.lyrics?.text ?? ''}
      />
    </Page>
  );
}

export function NewAlbumPage() {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const overview = useOverview();
  if (!overview.data) return <Loading error={overview.error} />;
  return (
    <Page title={trans('New album')}>
      <AlbumForm
        artistOptions={overview.data.artists}
        onSaved={(album) => navigate(`/albums/${album.id}/edit`)}
      />
    </Page>
  );
}

export function EditAlbumPage() {
  const { trans } = useTrans();
  const { albumId } = useParams();
  const queryClient = useQueryClient();
  const overview = useOverview();
  const album = useQuery({
    queryKey: ['backstage', 'album', albumId],
    queryFn: () =>
      apiClient.get<TAlbumResponse>(`albums/${albumId}`, { params: { with: 'tracks,genres,tags' } }),
  });
  if (!overview.data || !album.data) return <Loading error={overview.error ?? album.error} />;
  return (
    <Page title={trans('Edit album')} insights={`/albums/${albumId}/insights`}>
      <AlbumForm
        album={album.data.album}
        artistOptions={overview.data.artists}
        trackCandidates={overview.data.tracks.filter((track) => track.album_id !== album.data.album.id)}
        onSaved={() => queryClient.invalidateQueries({ queryKey: ['backstage'] })}
      />
    </Page>
  );
}

export function EditArtistPage() {
  const { trans } = useTrans();
  const { artistId } = useParams();
  const artist = useQuery({
    queryKey: ['backstage', 'artist', artistId],
    queryFn: () => apiClient.get<TArtistResponse>(`artists/${artistId}`, { params: { with: 'genres' } }),
  });
  if (!artist.data) return <Loading error={artist.error} />;
  return (
    <Page title={trans('Edit artist')} insights={`/artists/${artistId}/insights`}>
      <ArtistForm artist={artist.data.artist} />
    </Page>
  );
}
