import { playThresholdMs } from '@cadence/contracts/play-threshold';

/** Gaps larger than this between two time reports are seeks, not listening. */
const MAX_TICK_S = 2;

/**
 * Counts time actually listened (seeking forward does not count) per play, and says once per
 * play when it should be reported.
 */
export function createPlayTracker(report: (trackId: number, listenedMs: number) => void) {
  let playId = -1;
  let listenedS = 0;
  let lastTime: number | null = null;
  let isReported = false;

  return {
    /** Called on each `timeupdate` while playing. */
    tick(currentPlayId: number, trackId: number, currentTimeS: number, durationS: number) {
      if (currentPlayId !== playId) {
        playId = currentPlayId;
        listenedS = 0;
        lastTime = null;
        isReported = false;
      }
      if (lastTime !== null) {
        const delta = currentTimeS - lastTime;
        if (delta > 0 && delta <= MAX_TICK_S) listenedS += delta;
      }
      lastTime = currentTimeS;
      if (isReported) return;
      if (listenedS * 1000 >= playThresholdMs(durationS * 1000)) {
        isReported = true;
        report(trackId, Math.round(listenedS * 1000));
      }
    },
    /** Paused or seeked: the next report starts a new listening stretch. */
    interrupt() {
      lastTime = null;
    },
  };
}
