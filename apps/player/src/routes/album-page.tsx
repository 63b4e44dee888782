import { useTrans } from '@cadence/app-shell/use-trans';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { AdSlot } from '../features/ads/ad-slot';
import { albumQuery } from '../features/catalogue/catalogue-queries';
import { CollectionActions } from '../features/catalogue/collection-actions';
import { MediaHeader } from '../features/catalogue/media-header';
import { EmptyState, ErrorState, PageSkeleton } from '../features/catalogue/page-states';
import { toPlayerTrack } from '../features/catalogue/to-player-track';
import { totalDuration } from '../features/catalogue/total-duration';
import { albumEmbedUrl, albumUrl } from '../features/catalogue/urls';
import { DownloadButton } from '../features/offline/download-button';
import { ArtistLinks } from '../features/player-ui/artist-links';
import { TrackTable } from '../features/tracks/track-table';

export function AlbumPage() {
  const { trans } = useTrans();
  const id = Number(useParams().albumId);
  const query = useQuery(albumQuery(id));
  const album = query.data?.album;
  const tracks = useMemo(
    () =>
      (album?.tracks ?? []).map((track) =>
        toPlayerTrack(track, {
          album: { id: album?.id ?? 0, name: album?.name ?? '', image: album?.image ?? null },
        }),
      ),
    [album],
  );
  if (query.isPending) return <PageSkeleton />;
  if (query.isError || !album) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const artistName = album.artists[0]?.name ?? '';
  return (
    <div data-testid="album-page">
      <MediaHeader
        image={album.image}
        label={trans(
          album.record_type === 'album'
            ? 'Album'
            : album.record_type === 'ep'
              ? 'EP'
              : album.record_type === 'single'
                ? 'Single'
                : 'Compilation',
        )}
        title={album.name}
        meta={
          <>
            <ArtistLinks artists={album.artists} className="font-medium text-fg" />
            {album.release_date && <span>· {album.release_date.slice(0, 4)}</span>}
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
              like={{ type: 'album', id: album.id }}
              repost={{ type: 'album', id: album.id }}
              share={{
                title: album.name,
                path: albumUrl(album, artistName),
                embedPath: albumEmbedUrl(album, artistName),
              }}
              report={{ type: 'album', id: album.id, name: album.name }}
              party={{ type: 'album', id: album.id }}
            />
            {tracks.length > 0 && (
              <DownloadButton type="album" id={album.id} path={albumUrl(album, artistName)} />
            )}
          </>
        }
      />
      <div className="px-4 pb-8">
        <AdSlot slot="album_above" className="pb-4" />
        {tracks.length === 0 ? (
          <EmptyState title={trans('This album has no tracks yet.')} />
        ) : (
          <TrackTable tracks={tracks} hideAlbum showArtwork={false} aria-label={album.name} />
        )}
      </div>
    </div>
  );
}
