import { describe, expect, it } from 'vitest';
import { equalPowerGains, planTransition } from './transition-plan';

const track = (id: number, albumId: number | null, number: number | null, duration: number | null = 200) => ({
  id,
  albumId,
  number,
  duration,
});

describe('planTransition', () => {
  it('plays an album in order gaplessly, even with a crossfade set', () => {
    expect(planTransition(track(1, 7, 3), track(2, 7, 4), { crossfadeSeconds: 6, isManual: false })).toEqual({
      kind: 'gapless',
      startAt: 200,
    });
  });

  it('crossfades tracks of different albums or out of order for the listener length', () => {
    expect(planTransition(track(1, 7, 3), track(2, 8, 1), { crossfadeSeconds: 6, isManual: false })).toEqual({
      kind: 'crossfade',
      startAt: 194,
      seconds: 6,
    });
    expect(
      planTransition(track(1, 7, 3), track(2, 7, 5), { crossfadeSeconds: 6, isManual: false }).kind,
    ).toBe('crossfade');
  });

  it('never crossfades to a track skipped to by hand, nor without a next track or a known length', () => {
    expect(planTransition(track(1, 7, 3), track(2, 8, 1), { crossfadeSeconds: 6, isManual: true })).toEqual({
      kind: 'cut',
    });
    expect(planTransition(track(1, 7, 3), null, { crossfadeSeconds: 6, isManual: false })).toEqual({
      kind: 'cut',
    });
    expect(
      planTransition(track(1, 7, 3, null), track(2, 8, 1), { crossfadeSeconds: 6, isManual: false }),
    ).toEqual({
      kind: 'cut',
    });
  });

  it('bounds the fade to 12 s and to half of the shorter track; 0 s is a gapless change', () => {
    expect(
      planTransition(track(1, null, null), track(2, null, null), { crossfadeSeconds: 30, isManual: false }),
    ).toEqual({ kind: 'crossfade', startAt: 188, seconds: 12 });
    expect(
      planTransition(track(1, null, null), track(2, null, null, 8), {
        crossfadeSeconds: 12,
        isManual: false,
      }),
    ).toEqual({ kind: 'crossfade', startAt: 196, seconds: 4 });
    expect(
      planTransition(track(1, null, null), track(2, null, null), { crossfadeSeconds: 0, isManual: false }),
    ).toEqual({
      kind: 'gapless',
      startAt: 200,
    });
  });
});

describe('equalPowerGains', () => {
  it('keeps the summed power at 1 through the fade (level within 1 dB of the ends)', () => {
    for (let step = 0; step <= 20; step++) {
      const { out, in: incoming } = equalPowerGains(step / 20);
      const powerDb = 10 * Math.log10(out ** 2 + incoming ** 2);
      expect(Math.abs(powerDb)).toBeLessThan(1e-9);
    }
    expect(equalPowerGains(0)).toEqual({ out: 1, in: 0 });
    expect(equalPowerGains(2).in).toBe(1);
  });
});
