import { CROSSFADE_MAX_SECONDS } from '@cadence/contracts/transcoding-formats';

/** Longer tracks are joined by their elements: a decoded track takes ~10 MB a minute. */
export const JOIN_MAX_SECONDS = 15 * 60;

/** What the player knows of the two tracks around a change. */
export type TTransitionTrack = {
  id: number;
  /** Seconds (null while unknown). */
  duration: number | null;
  albumId: number | null;
  /** The track's number on its album (null when none). */
  number: number | null;
};

export type TTransition =
  /** The next track starts on the current one's last sample (an album played in order). */
  | { kind: 'gapless'; startAt: number }
  /** Both play for `seconds`: the next starts at `startAt` (seconds into the current one). */
  | { kind: 'crossfade'; startAt: number; seconds: number }
  /** A plain change when the current one ends (or at once, for a skip). */
  | { kind: 'cut' };

/** Consecutive tracks of one album, in order: made to flow into each other. */
export function isAlbumInOrder(current: TTransitionTrack, next: TTransitionTrack): boolean {
  return (
    current.albumId !== null &&
    current.albumId === next.albumId &&
    current.number !== null &&
    next.number === current.number + 1
  );
}

/**
 * How the player goes from `current` to `next` (issue 36): gapless inside an album played in
 * order, never a crossfade there nor on a track the listener skipped to by hand; otherwise a
 * crossfade of the listener's length (0-12 s), at most half of either track, so a short track is
 * never entirely faded.
 */
export function planTransition(
  current: TTransitionTrack,
  next: TTransitionTrack | null,
  options: { crossfadeSeconds: number; isManual: boolean },
): TTransition {
  if (!next || options.isManual || current.duration === null) return { kind: 'cut' };
  if (isAlbumInOrder(current, next)) return { kind: 'gapless', startAt: current.duration };
  const wanted = Math.min(Math.max(options.crossfadeSeconds, 0), CROSSFADE_MAX_SECONDS);
  const seconds = Math.min(wanted, current.duration / 2, (next.duration ?? 0) / 2);
  if (seconds <= 0) return { kind: 'gapless', startAt: current.duration };
  return { kind: 'crossfade', startAt: current.duration - seconds, seconds };
}

/**
 * Equal-power curves: at `progress` (0..1 through the fade) the outgoing track's gain and the
 * incoming one's. Their powers always sum to 1 (cos² + sin²), so uncorrelated music keeps its
 * level through the fade instead of dipping 3 dB in the middle as linear fades do.
 */
export function equalPowerGains(progress: number): { out: number; in: number } {
  const p = Math.min(Math.max(progress, 0), 1);
  return { out: Math.cos((p * Math.PI) / 2), in: Math.sin((p * Math.PI) / 2) };
}
