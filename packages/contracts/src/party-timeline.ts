// Zod-free on purpose: the player's party sync and the api both place the timeline with this.

/** The one timeline a party's server holds: which queue entry, when it started, where it paused. */
export type TPartyTimeline = {
  index: number;
  /** Server epoch ms at which the current track's second 0 played; null while paused. */
  started_at: number | null;
  /** Where the track stands while paused (ms). */
  position_ms: number;
  is_playing: boolean;
};

export type TPartyPlace = { index: number; position_ms: number; is_ended: boolean };

/**
 * Where the party stands at server time `now`: a playing track that ran past its end moves the
 * place on through the queue by the durations (null or 0: the track is taken as never ending,
 * the host skips it). Past the last track the party has ended, paused at the last track's end.
 */
export function partyPlaceAt(
  timeline: TPartyTimeline,
  durationsMs: readonly (number | null)[],
  now: number,
): TPartyPlace {
  if (!timeline.is_playing || timeline.started_at === null) {
    return { index: timeline.index, position_ms: timeline.position_ms, is_ended: false };
  }
  let index = timeline.index;
  let position = Math.max(0, now - timeline.started_at);
  for (;;) {
    const duration = durationsMs[index];
    if (duration === undefined) return { index: Math.max(0, index - 1), position_ms: 0, is_ended: true };
    if (!duration || duration <= 0 || position < duration)
      return { index, position_ms: position, is_ended: false };
    position -= duration;
    index += 1;
    if (index >= durationsMs.length) {
      const last = durationsMs.length - 1;
      return { index: last, position_ms: durationsMs[last] ?? 0, is_ended: true };
    }
  }
}

/** The timeline restarted at a place: playing from `position_ms` now, or paused there. */
export function timelineAt(
  index: number,
  positionMs: number,
  isPlaying: boolean,
  now: number,
): TPartyTimeline {
  return {
    index,
    started_at: isPlaying ? now - positionMs : null,
    position_ms: isPlaying ? 0 : positionMs,
    is_playing: isPlaying,
  };
}
