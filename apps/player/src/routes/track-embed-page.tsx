import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { trackQuery } from '../features/catalogue/catalogue-queries';
import { ErrorState, PageSkeleton } from '../features/catalogue/page-states';
import { toPlayerTrack } from '../features/catalogue/to-player-track';
import { trackUrl } from '../features/catalogue/urls';
import { EmbedPlayer } from '../features/embed/embed-player';
import { getPlayer, useEphemeralPlayer } from '../features/playback/player-instance';

export function TrackEmbedPage() {
  useEphemeralPlayer();
  const id = Number(useParams().trackId);
  const query = useQuery(trackQuery(id));
  const track = useMemo(() => (query.data ? toPlayerTrack(query.data.track) : null), [query.data]);
  useMemo(() => {
    if (track && !getPlayer().currentItem()) {
      getPlayer().playTracks([track]);
      getPlayer().pause();
    }
  }, [track]);
  if (query.isPending) return <PageSkeleton variant="list" />;
  if (query.isError || !track) return <ErrorState error={query.error} />;
  return (
    <EmbedPlayer
      title={track.name}
      subtitle={track.artists.map((artist) => artist.name).join(', ')}
      image={track.image}
      tracks={[track]}
      link={trackUrl(track)}
    />
  );
}
