import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  correctionFor,
  DEADBAND_MS,
  MAX_RATE,
  MIN_RATE,
  SEEK_THRESHOLD_MS,
  STALL_THRESHOLD_MS,
} from './drift';

describe('drift correction', () => {
  it('seeks only when more than a second off', () => {
    expect(correctionFor(10_000, 11_500)).toEqual({ kind: 'seek', to_ms: 11_500 });
    expect(correctionFor(12_000, 10_500)).toEqual({ kind: 'seek', to_ms: 10_500 });
    expect(correctionFor(10_000, 11_000).kind).toBe('rate');
  });

  it("closes a stall's gap past 120 ms by a jump only when allowed", () => {
    expect(correctionFor(10_000, 10_300, true)).toEqual({ kind: 'seek', to_ms: 10_300 });
    expect(correctionFor(10_300, 10_000, true)).toEqual({ kind: 'seek', to_ms: 10_000 });
    expect(correctionFor(10_000, 10_300)).toEqual({ kind: 'rate', rate: MAX_RATE });
    expect(correctionFor(10_000, 10_100, true)).toEqual({ kind: 'rate', rate: 1.03 });
    expect(correctionFor(10_000, 10_000 + STALL_THRESHOLD_MS, true).kind).toBe('rate');
  });

  it('speeds up when behind, slows down when ahead, and rests in sync', () => {
    expect(correctionFor(10_000, 10_040)).toEqual({ kind: 'rate', rate: 1.02 });
    expect(correctionFor(10_040, 10_000)).toEqual({ kind: 'rate', rate: 0.98 });
    expect(correctionFor(10_000, 10_010)).toEqual({ kind: 'rate', rate: 1 });
  });

  it('keeps every rate within the inaudible band, pointing the right way', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3_600_000 }),
        fc.integer({ min: -5_000, max: 5_000 }),
        (actual, drift) => {
          const correction = correctionFor(actual, actual + drift);
          if (Math.abs(drift) > SEEK_THRESHOLD_MS) {
            expect(correction.kind).toBe('seek');
            return;
          }
          if (correction.kind !== 'rate') throw new Error('expected a rate');
          expect(correction.rate).toBeGreaterThanOrEqual(MIN_RATE);
          expect(correction.rate).toBeLessThanOrEqual(MAX_RATE);
          if (Math.abs(drift) <= DEADBAND_MS) expect(correction.rate).toBe(1);
          else expect(Math.sign(correction.rate - 1)).toBe(Math.sign(drift));
        },
      ),
    );
  });
});
