import type { TPlayerStore } from './player-store';
import { trackArtwork } from './player-track';

/** Hardware keys, lock screen and notification controls (Media Session API). */
export function attachMediaSession(
  store: TPlayerStore,
  session: MediaSession | undefined = navigator.mediaSession,
) {
  if (!session) return () => {};
  let lastKey: string | null = null;
  const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
    ['play', () => store.play()],
    ['pause', () => store.pause()],
    ['previoustrack', () => store.previous()],
    ['nexttrack', () => store.next()],
    ['seekbackward', (details) => store.seekBy(-(details.seekOffset ?? 10))],
    ['seekforward', (details) => store.seekBy(details.seekOffset ?? 10)],
    ['seekto', (details) => details.seekTime !== undefined && store.seek(details.seekTime)],
  ];
  for (const [action, handler] of handlers) {
    try {
      session.setActionHandler(action, handler);
    } catch {
      // Browsers throw for actions they do not support.
    }
  }

  function sync() {
    const state = store.getSnapshot();
    const item = store.currentItem();
    session.playbackState = item ? (state.isPlaying ? 'playing' : 'paused') : 'none';
    if (item?.key !== lastKey) {
      lastKey = item?.key ?? null;
      const artwork = item ? trackArtwork(item.track) : null;
      session.metadata =
        item && typeof MediaMetadata !== 'undefined'
          ? new MediaMetadata({
              title: item.track.name,
              artist: item.track.artists.map((artist) => artist.name).join(', '),
              album: item.track.album?.name ?? '',
              artwork: artwork ? [{ src: artwork, sizes: '512x512' }] : [],
            })
          : null;
    }
    if (state.duration > 0 && 'setPositionState' in session) {
      try {
        session.setPositionState({
          duration: state.duration,
          position: Math.min(state.position, state.duration),
          playbackRate: 1,
        });
      } catch {
        // Position beyond duration while metadata loads: skip this report.
      }
    }
  }
  const off = store.subscribe(sync);
  sync();
  return () => {
    off();
    for (const [action] of handlers) {
      try {
        session.setActionHandler(action, null);
      } catch {
        // unsupported action
      }
    }
  };
}
