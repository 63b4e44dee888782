import { useTrans } from '@cadence/app-shell/use-trans';
import type {
  TAdminAlbumRow,
  TAdminArtistRow,
  TAdminTrackRow,
  TKeysetPage,
} from '@cadence/contracts/admin-catalogue';
import type { TAlbumResponse } from '@cadence/contracts/album';
import type { TArtistResponse } from '@cadence/contracts/artist';
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

/** The first 100 rows of an admin table by name: the admin may credit any artist, pick any album. */
function useOptions<T extends { id: number; name: string }>(
  endpoint: string,
  params: Record<string, string | number> = {},
) {
  return useQuery({
    queryKey: ['admin-options', endpoint, params],
    queryFn: async () =>
      (
        await apiClient.get<TKeysetPage<T>>(endpoint, {
          params: { perPage: 100, orderBy: 'name', orderDir: 'asc', ...params },
        })
      ).pagination.data,
  });
}

function Page({
  title,
  back,
  insights,
  children,
}: {
  title: string;
  back: string;
  insights?: string;
  children: ReactNode;
}) {
  const { trans } = useTrans();
  return (
    <section className="flex flex-col gap-6" data-testid="admin-edit-page">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">{title}</h1>
        <div className="flex gap-4 text-sm">
          {insights && (
            <a href={insights} className="text-primary underline">
              {trans('Insights')}
            </a>
          )}
          <Link to={back} className="text-primary underline">
            {trans('Back to the list')}
          </Link>
        </div>
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

export function AdminTrackPage() {
  const { trans } = useTrans();
  const { id } = useParams();
  const navigate = useNavigate();
  const artists = useOptions<TAdminArtistRow>('admin/artists');
  const albums = useOptions<TAdminAlbumRow>('admin/albums');
  const track = useQuery({
    queryKey: ['admin-track', id],
    queryFn: () => apiClient.get<TTrackResponse>(`tracks/${id}`, { params: { with: 'genres,tags' } }),
    enabled: !!id,
  });
  const lyrics = useQuery({
    queryKey: ['admin-track', id, 'lyrics'],
    queryFn: () => apiClient.get<TTrackLyricsResponse>(`tracks/${id}/lyrics`),
    enabled: !!id,
  });
  const isLoading = !artists.data || !albums.data || (id && (!track.data || lyrics.isPending));
  if (isLoading) return <Loading error={artists.error ?? albums.error ?? track.error ?? lyrics.error} />;
  return (
    <Page
      title={id ? trans('Edit track') : trans('New track')}
      back="/tracks"
      insights={id ? `/backstage/tracks/${id}/insights` : undefined}
    >
      <TrackForm
        track={track.data?.track}
        artistOptions={artists.data ?? []}
        albumOptions={albums.data ?? []}
        lyrics={lyrics.data?.lyrics?.text ?? ''}
        onSaved={(saved) => !id && navigate(`/tracks/${saved.id}/edit`)}
      />
    </Page>
  );
}

export function AdminAlbumPage() {
  const { trans } = useTrans();
  const { id } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const artists = useOptions<TAdminArtistRow>('admin/artists');
  const album = useQuery({
    queryKey: ['admin-album', id],
    queryFn: () => apiClient.get<TAlbumResponse>(`albums/${id}`, { params: { with: 'tracks,genres,tags' } }),
    enabled: !!id,
  });
  const firstArtist = album.data?.album.artists?.[0]?.id;
  const candidates = useOptions<TAdminTrackRow>(
    'admin/tracks',
    firstArtist ? { artist_id: firstArtist } : {},
  );
  if (!artists.data || (id && (!album.data || !candidates.data)))
    return <Loading error={artists.error ?? album.error ?? candidates.error} />;
  return (
    <Page
      title={id ? trans('Edit album') : trans('New album')}
      back="/albums"
      insights={id ? `/backstage/albums/${id}/insights` : undefined}
    >
      <AlbumForm
        album={album.data?.album}
        artistOptions={artists.data}
        trackCandidates={(candidates.data ?? [])
          .filter((track) => track.album?.id !== album.data?.album.id)
          .map((track) => ({ id: track.id, name: track.name, duration: track.duration }))}
        onSaved={(saved) =>
          id
            ? void queryClient.invalidateQueries({ queryKey: ['admin-album'] })
            : navigate(`/albums/${saved.id}/edit`)
        }
      />
    </Page>
  );
}

export function AdminArtistPage() {
  const { trans } = useTrans();
  const { id } = useParams();
  const navigate = useNavigate();
  const artist = useQuery({
    queryKey: ['admin-artist', id],
    queryFn: () => apiClient.get<TArtistResponse>(`artists/${id}`, { params: { with: 'genres' } }),
    enabled: !!id,
  });
  if (id && !artist.data) return <Loading error={artist.error} />;
  return (
    <Page
      title={id ? trans('Edit artist') : trans('New artist')}
      back="/artists"
      insights={id ? `/backstage/artists/${id}/insights` : undefined}
    >
      <ArtistForm
        artist={artist.data?.artist}
        onSaved={(saved) => !id && navigate(`/artists/${saved.id}/edit`)}
      />
    </Page>
  );
}
