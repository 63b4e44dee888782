import { scrobbleThresholdMs } from '@cadence/contracts/scrobble-rule';

/** Gaps larger than this between two position reports are seeks, not listening. */
const MAX_TICK_S = 2;

type PlayerView = {
  playId: number;
  trackId: number | null;
  trackDurationMs: number | null;
  isPlaying: boolean;
  position: number;
};

/**
 * Follows the player's state from outside the playback engine: "now playing" once per play when
 * it starts, and the scrobble once the listener heard half the track or 4 minutes (seeking ahead
 * does not count), like the services' own rule.
 */
export function createScrobbleTracker(report: {
  nowPlaying: (trackId: number) => void;
  scrobble: (trackId: number, listenedMs: number) => void;
}) {
  let playId = -1;
  let listenedS = 0;
  let lastPosition: number | null = null;
  let hasStarted = false;
  let isScrobbled = false;

  return {
    update(view: PlayerView) {
      if (view.playId !== playId) {
        playId = view.playId;
        listenedS = 0;
        lastPosition = null;
        hasStarted = false;
        isScrobbled = false;
      }
      if (view.trackId === null || !view.isPlaying) {
        lastPosition = null;
        return;
      }
      if (!hasStarted) {
        hasStarted = true;
        report.nowPlaying(view.trackId);
      }
      if (lastPosition !== null) {
        const delta = view.position - lastPosition;
        if (delta > 0 && delta <= MAX_TICK_S) listenedS += delta;
      }
      lastPosition = view.position;
      const threshold = scrobbleThresholdMs(view.trackDurationMs);
      if (isScrobbled || threshold === null || listenedS * 1000 < threshold) return;
      isScrobbled = true;
      report.scrobble(view.trackId, Math.round(listenedS * 1000));
    },
  };
}
