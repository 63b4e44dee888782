import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { partyPlaceAt, timelineAt } from './party-timeline';

describe('the party timeline', () => {
  it('plays at now - started, and moves through the queue by the durations', () => {
    const timeline = timelineAt(0, 0, true, 1_000);
    expect(partyPlaceAt(timeline, [10_000, 20_000], 4_000)).toEqual({
      index: 0,
      position_ms: 3_000,
      is_ended: false,
    });
    expect(partyPlaceAt(timeline, [10_000, 20_000], 16_000)).toEqual({
      index: 1,
      position_ms: 5_000,
      is_ended: false,
    });
    expect(partyPlaceAt(timeline, [10_000, 20_000], 99_000)).toEqual({
      index: 1,
      position_ms: 20_000,
      is_ended: true,
    });
  });

  it('stands still while paused', () => {
    const paused = timelineAt(1, 7_000, false, 1_000);
    expect(partyPlaceAt(paused, [10_000, 20_000], 500_000)).toEqual({
      index: 1,
      position_ms: 7_000,
      is_ended: false,
    });
  });

  it('places a restarted timeline exactly where it was restarted, at any server time', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1_000, max: 600_000 }), { minLength: 1, maxLength: 20 }),
        fc.nat(),
        fc.nat(),
        fc.integer({ min: 0, max: 4_000_000_000_000 }),
        fc.boolean(),
        (durations, rawIndex, rawPosition, now, isPlaying) => {
          const index = rawIndex % durations.length;
          const position = rawPosition % (durations[index] as number);
          const place = partyPlaceAt(timelineAt(index, position, isPlaying, now), durations, now);
          expect(place).toEqual({ index, position_ms: position, is_ended: false });
        },
      ),
    );
  });
});
