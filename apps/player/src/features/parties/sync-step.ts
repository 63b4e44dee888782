import { partyPlaceAt, type TPartyTimeline } from '@cadence/contracts/party-timeline';
import { correctionFor } from './drift';

/** What the player shows of itself to one sync step. */
export type TPlayerView = {
  currentIndex: number;
  isPlaying: boolean;
  /** The playing element's exact position (ms), or null while it cannot play yet (buffering). */
  audioMs: number | null;
  /** The store's position (ms): what a paused player stands at. */
  positionMs: number;
  /**
   * How far ahead (ms) a seek of a playing element should aim: a seek and a start take a moment
   * to land, longer on a busy device. The session learns it from how far behind seeks landed.
   */
  seekLeadMs?: number;
  /** A stall's gap may be closed by a jump now (the session spaces them out, see drift.ts). */
  mayJump?: boolean;
};

export type TSyncAction =
  | { type: 'select'; index: number }
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'seek'; ms: number }
  | { type: 'rate'; rate: number };

/** A paused player this far from the party's paused position (ms) is moved there. */
const PAUSED_TOLERANCE_MS = 20;

/**
 * One step of following the party: from the server's timeline at `serverNow` and what the
 * player is doing, the few actions that bring it in line. `playerIndexOf` maps a party entry
 * to this listener's queue (-1: a track they may not play, which they sit out in silence).
 */
export function syncStep(
  timeline: TPartyTimeline,
  durations: readonly (number | null)[],
  playerIndexOf: readonly number[],
  serverNow: number,
  player: TPlayerView,
): TSyncAction[] {
  const place = partyPlaceAt(timeline, durations, serverNow);
  const index = playerIndexOf[place.index] ?? -1;
  const shouldPlay = timeline.is_playing && !place.is_ended && index >= 0;
  const lead = shouldPlay ? (player.seekLeadMs ?? 0) : 0;
  if (index < 0) return player.isPlaying ? [{ type: 'pause' }] : [];
  if (player.currentIndex !== index) {
    return [
      { type: 'select', index },
      shouldPlay ? { type: 'play' } : { type: 'pause' },
      { type: 'seek', ms: place.position_ms + lead },
    ];
  }
  if (!shouldPlay) {
    const actions: TSyncAction[] = player.isPlaying ? [{ type: 'pause' }, { type: 'rate', rate: 1 }] : [];
    const standsAt = player.audioMs ?? player.positionMs;
    if (Math.abs(standsAt - place.position_ms) > PAUSED_TOLERANCE_MS)
      actions.push({ type: 'seek', ms: place.position_ms });
    return actions;
  }
  // Starting (the host pressed play, or this listener came back): start at the party's second,
  // not where the element stood, so the rate only has a few ms left to make up.
  if (!player.isPlaying) return [{ type: 'play' }, { type: 'seek', ms: place.position_ms + lead }];
  const actions: TSyncAction[] = [];
  // Buffering: nothing to measure yet; the next step after it plays again catches up.
  if (player.audioMs === null) return actions;
  const correction = correctionFor(player.audioMs, place.position_ms, player.mayJump);
  if (correction.kind === 'seek')
    actions.push({ type: 'seek', ms: correction.to_ms + lead }, { type: 'rate', rate: 1 });
  else actions.push({ type: 'rate', rate: correction.rate });
  return actions;
}
