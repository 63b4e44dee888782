import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimateOffset, sampleOffset, type TClockSample } from './clock-sync';

const MINUTE = 60_000;

/** A probe over a network with these one-way delays, against a server clock `offset` ahead of ours. */
const probe = (localStart: number, offset: number, up: number, down: number): TClockSample => ({
  t0: localStart,
  server: localStart + up + offset,
  t1: localStart + up + down,
});

describe('the clock offset estimate', () => {
  it('is exact for symmetric trips, whatever the skew', () => {
    expect(sampleOffset(probe(1_000, 5 * MINUTE, 40, 40))).toBe(5 * MINUTE);
    expect(sampleOffset(probe(1_000, -7 * MINUTE, 40, 40))).toBe(-7 * MINUTE);
  });

  it('stays within half the asymmetry of the quickest trips, for clocks skewed by minutes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -30 * MINUTE, max: 30 * MINUTE }),
        fc.array(fc.tuple(fc.integer({ min: 1, max: 450 }), fc.integer({ min: 1, max: 450 })), {
          minLength: 1,
          maxLength: 9,
        }),
        fc.integer({ min: 0, max: 2_000_000_000_000 }),
        (offset, delays, start) => {
          const samples = delays.map(([up, down], index) => probe(start + index * 1000, offset, up, down));
          const estimate = estimateOffset(samples) as number;
          const worst = Math.max(...delays.map(([up, down]) => Math.abs(up - down) / 2));
          expect(Math.abs(estimate - offset)).toBeLessThanOrEqual(worst + 1e-6);
        },
      ),
    );
  });

  it('ignores one badly delayed trip among quick ones', () => {
    const samples = [
      probe(0, MINUTE, 20, 20),
      probe(1, MINUTE, 22, 18),
      probe(2, MINUTE, 2_000, 10),
      probe(3, MINUTE, 19, 21),
    ];
    expect(Math.abs((estimateOffset(samples) as number) - MINUTE)).toBeLessThanOrEqual(2);
  });

  it('ignores trips queued while the network was away', () => {
    const samples = [probe(0, 0, 4_900, 5), probe(150, 0, 4_750, 5), probe(9_000, 0, 30, 30)];
    expect(estimateOffset(samples)).toBe(0);
    expect(estimateOffset(samples.slice(0, 2))).toBeNull();
  });

  it('has no estimate without usable samples', () => {
    expect(estimateOffset([])).toBeNull();
    expect(estimateOffset([{ t0: 10, server: 5, t1: 5 }])).toBeNull();
  });
});
