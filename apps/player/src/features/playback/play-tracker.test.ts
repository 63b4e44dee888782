import { PLAY_THRESHOLD_MS, playThresholdMs } from '@cadence/contracts/play-threshold';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createPlayTracker } from './play-tracker';

describe('playThresholdMs', () => {
  it('is 30 s or half the track, whichever is shorter', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3_600_000 }), (duration) => {
        const threshold = playThresholdMs(duration);
        expect(threshold).toBeLessThanOrEqual(PLAY_THRESHOLD_MS);
        expect(threshold).toBeLessThanOrEqual(Math.ceil(duration / 2));
        expect(threshold === PLAY_THRESHOLD_MS || threshold === Math.ceil(duration / 2)).toBe(true);
      }),
    );
    expect(playThresholdMs(20_000)).toBe(10_000);
    expect(playThresholdMs(240_000)).toBe(30_000);
  });
});

function listen(
  tracker: ReturnType<typeof createPlayTracker>,
  playId: number,
  from: number,
  to: number,
  duration: number,
) {
  for (let t = from; t <= to + 1e-9; t += 0.25) tracker.tick(playId, 7, t, duration);
}

describe('createPlayTracker', () => {
  it('reports once per play when the threshold is listened', () => {
    const report = vi.fn();
    const tracker = createPlayTracker(report);
    listen(tracker, 1, 0, 9.5, 20);
    expect(report).not.toHaveBeenCalled();
    listen(tracker, 1, 9.75, 19, 20);
    expect(report).toHaveBeenCalledTimes(1);
    expect(report).toHaveBeenCalledWith(7, 10_000);
    listen(tracker, 2, 0, 12, 20);
    expect(report).toHaveBeenCalledTimes(2);
  });

  it('does not count a seek as listening', () => {
    const report = vi.fn();
    const tracker = createPlayTracker(report);
    listen(tracker, 1, 0, 2, 300);
    tracker.tick(1, 7, 200, 300);
    listen(tracker, 1, 200.25, 210, 300);
    expect(report).not.toHaveBeenCalled();
  });

  it('never reports more than once per play, whatever the time reports', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 600, noNaN: true }), { maxLength: 400 }), (times) => {
        const report = vi.fn();
        const tracker = createPlayTracker(report);
        for (const time of times) tracker.tick(3, 1, time, 600);
        expect(report.mock.calls.length).toBeLessThanOrEqual(1);
      }),
    );
  });
});
