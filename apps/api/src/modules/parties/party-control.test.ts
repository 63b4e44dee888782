import { timelineAt } from '@cadence/contracts/party-timeline';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyControl } from './party-control';

describe('a control applied to the party state', () => {
  it('keeps the playing entry playing, at the same second, through any reorder', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 30 }),
        fc.nat(),
        fc.nat(),
        fc.nat(),
        (ids, current, from, to) => {
          const size = ids.length;
          const [c, f, tt] = [current % size, from % size, to % size];
          const durations = ids.map(() => 100_000);
          const state = {
            track_ids: ids.map((_, index) => index),
            host_id: 1,
            timeline: timelineAt(c, 5_000, true, 10_000),
          };
          const next = applyControl(
            state,
            { action: 'reorder', revision: 0, from: f, to: tt },
            durations,
            12_000,
          );
          expect(next.track_ids?.[next.timeline.index]).toBe(c);
          expect(12_000 - (next.timeline.started_at as number)).toBe(7_000);
          expect([...(next.track_ids ?? [])].sort((a, b) => a - b)).toEqual(state.track_ids);
        },
      ),
    );
  });

  it('pauses where the track stands and plays on from there', () => {
    const state = { track_ids: [1, 2], host_id: 1, timeline: timelineAt(0, 0, true, 1_000) };
    const paused = applyControl(state, { action: 'pause', revision: 0 }, [60_000, 60_000], 31_000);
    expect(paused.timeline).toEqual({ index: 0, started_at: null, position_ms: 30_000, is_playing: false });
    const played = applyControl(
      { ...state, timeline: paused.timeline },
      { action: 'play', revision: 1 },
      [60_000, 60_000],
      90_000,
    );
    expect(played.timeline).toEqual({ index: 0, started_at: 60_000, position_ms: 0, is_playing: true });
  });
});
