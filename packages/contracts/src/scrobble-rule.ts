// Zod-free on purpose, like play-threshold.ts: the player's scrobble reporter uses it.
/** ListenBrainz and Last.fm: a track longer than 30 s scrobbles after half of it or 4 minutes. */
export const SCROBBLE_MIN_TRACK_MS = 30_000;
export const SCROBBLE_MAX_WAIT_MS = 240_000;

/** Listened time after which a track scrobbles; null when the track is too short to scrobble. */
export function scrobbleThresholdMs(trackDurationMs: number | null): number | null {
  if (!trackDurationMs || trackDurationMs <= SCROBBLE_MIN_TRACK_MS) return null;
  return Math.min(SCROBBLE_MAX_WAIT_MS, Math.ceil(trackDurationMs / 2));
}

export function isScrobblable(listenedMs: number, trackDurationMs: number | null): boolean {
  const threshold = scrobbleThresholdMs(trackDurationMs);
  return threshold !== null && listenedMs >= threshold;
}
