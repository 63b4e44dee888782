import { useAuth } from '@cadence/app-shell/use-auth';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getPlayer } from '../playback/player-instance';
import { createScrobbleTracker } from './scrobble-tracker';
import { scrobbleConnectionsQueryOptions, scrobblingActions } from './scrobbling-queries';

const quietly = (request: Promise<unknown>) =>
  request.catch(() => {
    // A lost report must never interrupt listening; the api keeps what it queued.
  });

/** Reports "now playing" and scrobbles while a listener with a connected service plays music. */
export function useScrobbleReporter(): void {
  const { isLoggedIn } = useAuth();
  const { data: services } = useQuery({ ...scrobbleConnectionsQueryOptions(), enabled: isLoggedIn });
  const isConnected = Boolean(services?.some((service) => service.is_connected));
  useEffect(() => {
    if (!isConnected) return;
    const player = getPlayer();
    const tracker = createScrobbleTracker({
      nowPlaying: (trackId) => void quietly(scrobblingActions.nowPlaying(trackId)),
      scrobble: (trackId, listenedMs) => void quietly(scrobblingActions.scrobble(trackId, listenedMs)),
    });
    const update = () => {
      const state = player.getSnapshot();
      const track = player.currentItem()?.track ?? null;
      tracker.update({
        playId: state.playId,
        trackId: track?.id ?? null,
        trackDurationMs: track?.duration ?? (state.duration ? state.duration * 1000 : null),
        isPlaying: state.isPlaying && !state.isBuffering,
        position: state.position,
      });
    };
    update();
    const unsubscribe = player.subscribe(update);
    return () => {
      unsubscribe();
    };
  }, [isConnected]);
}
