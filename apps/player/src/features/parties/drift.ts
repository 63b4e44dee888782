/** Behind or ahead by more than this (ms): jump there; a rate change would take too long. */
export const SEEK_THRESHOLD_MS = 1_000;
/**
 * Off by more than this (ms) after a stall (a busy device's audio falling behind, a tab that was
 * starved for a moment, a seek that landed off): jump back in step when the caller allows it. At
 * the 3 % rate even a tenth of a second takes seconds to close, all of it heard as an echo between
 * two devices in one room; one small jump is heard once.
 */
export const STALL_THRESHOLD_MS = 120;
/** Closer than this (ms) counts as in sync: the rate goes back to 1. */
export const DEADBAND_MS = 15;
/** The rate never leaves this band: a 3 % change is not heard as a pitch jump on music. */
export const MIN_RATE = 0.97;
export const MAX_RATE = 1.03;
/** A drift is worked off over about this long (ms) by the rate change. */
const CATCH_UP_MS = 2_000;

export type TCorrection = { kind: 'seek'; to_ms: number } | { kind: 'rate'; rate: number };

/**
 * What the audio element should do to reach the party's position: seek when far off (or past a
 * stall's threshold when `mayJump`: the caller spaces such jumps out), otherwise play a little
 * faster (behind) or slower (ahead) until it is in sync.
 */
export function correctionFor(actualMs: number, targetMs: number, mayJump = false): TCorrection {
  const behind = targetMs - actualMs;
  const threshold = mayJump ? STALL_THRESHOLD_MS : SEEK_THRESHOLD_MS;
  if (Math.abs(behind) > threshold) return { kind: 'seek', to_ms: Math.max(0, targetMs) };
  if (Math.abs(behind) <= DEADBAND_MS) return { kind: 'rate', rate: 1 };
  const rate = 1 + behind / CATCH_UP_MS;
  return { kind: 'rate', rate: Math.min(MAX_RATE, Math.max(MIN_RATE, Math.round(rate * 1000) / 1000)) };
}
