// Zod-free on purpose: the player's first download counts plays with this; play.ts's schemas
// would bring zod.
/** A play counts after 30 s or half the track, whichever is shorter. */
export const PLAY_THRESHOLD_MS = 30_000;

export function playThresholdMs(trackDurationMs: number | null): number {
  if (!trackDurationMs || trackDurationMs <= 0) return PLAY_THRESHOLD_MS;
  return Math.min(PLAY_THRESHOLD_MS, Math.ceil(trackDurationMs / 2));
}

export function isCountablePlay(durationPlayedMs: number, trackDurationMs: number | null): boolean {
  return durationPlayedMs >= playThresholdMs(trackDurationMs);
}
