import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCountablePlay, PLAY_THRESHOLD_MS, playThresholdMs } from './play-threshold';

describe('the play rule: 30 s or half the track, whichever is shorter', () => {
  it('never asks for more than 30 s nor more than half the track', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3_600_000 }), (duration) => {
        const threshold = playThresholdMs(duration);
        return threshold <= PLAY_THRESHOLD_MS && threshold <= Math.ceil(duration / 2) && threshold > 0;
      }),
    );
  });

  it('counts exactly from the threshold on', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3_600_000 }), fc.nat(3_600_000), (duration, played) => {
        return isCountablePlay(played, duration) === played >= Math.min(30_000, Math.ceil(duration / 2));
      }),
    );
  });

  it('uses 30 s when the duration is unknown', () => {
    expect(playThresholdMs(null)).toBe(30_000);
    expect(isCountablePlay(29_999, null)).toBe(false);
    expect(isCountablePlay(20_000, 40_000)).toBe(true);
  });
});
