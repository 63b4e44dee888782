import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { albumQuery } from '../features/catalogue/catalogue-queries';
import { ErrorState, PageSkeleton } from '../features/catalogue/page-states';
import { toPlayerTrack } from '../features/catalogue/to-player-track';
import { albumUrl } from '../features/catalogue/urls';
import { EmbedPlayer } from '../features/embed/embed-player';
import { getPlayer, useEphemeralPlayer } from '../features/playback/player-instance';

export function AlbumEmbedPage() {
  useEphemeralPlayer();
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
  useMemo(() => {
    if (tracks.length > 0 && !getPlayer().currentItem()) {
      getPlayer().playTracks(tracks);
      getPlayer().pause();
    }
  }, [tracks]);
  if (query.isPending) return <PageSkeleton variant="list" />;
  if (query.isError || !album) return <ErrorState error={query.error} />;
  const artistName = album.artists.map((artist) => artist.name).join(', ');
  return (
    <EmbedPlayer
      title={album.name}
      subtitle={artistName}
      image={album.image}
      tracks={tracks}
      link={albumUrl(album, album.artists[0]?.name)}
    />
  );
}
