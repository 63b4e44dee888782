import { timelineAt } from '@cadence/contracts/party-timeline';
import { describe, expect, it } from 'vitest';
import { syncStep, type TPlayerView } from './sync-step';

const durations = [100_000, 100_000, 100_000];
const all = [0, 1, 2];
const view = (patch: Partial<TPlayerView> = {}): TPlayerView => ({
  currentIndex: 0,
  isPlaying: true,
  audioMs: 0,
  positionMs: 0,
  ...patch,
});

describe('one sync step', () => {
  it('plays at now - started, nudging the rate for a small drift', () => {
    const playing = timelineAt(0, 0, true, 1_000);
    expect(syncStep(playing, durations, all, 31_000, view({ audioMs: 29_950 }))).toEqual([
      { type: 'rate', rate: 1.025 },
    ]);
    expect(syncStep(playing, durations, all, 31_000, view({ audioMs: 30_000 }))).toEqual([
      { type: 'rate', rate: 1 },
    ]);
  });

  it('seeks when far off, as after a reconnection or a long rebuffer', () => {
    const playing = timelineAt(0, 0, true, 0);
    expect(syncStep(playing, durations, all, 40_000, view({ audioMs: 20_000 }))).toEqual([
      { type: 'seek', ms: 40_000 },
      { type: 'rate', rate: 1 },
    ]);
  });

  it("jumps over a stall's gap when the session allows it, and works it off by the rate otherwise", () => {
    const playing = timelineAt(0, 0, true, 0);
    expect(syncStep(playing, durations, all, 30_000, view({ audioMs: 29_600, mayJump: true }))).toEqual([
      { type: 'seek', ms: 30_000 },
      { type: 'rate', rate: 1 },
    ]);
    expect(syncStep(playing, durations, all, 30_000, view({ audioMs: 29_600 }))).toEqual([
      { type: 'rate', rate: 1.03 },
    ]);
  });

  it("starts at the party's second when the host presses play", () => {
    const playing = timelineAt(0, 5_000, true, 1_000);
    expect(syncStep(playing, durations, all, 1_200, view({ isPlaying: false, positionMs: 5_000 }))).toEqual([
      { type: 'play' },
      { type: 'seek', ms: 5_200 },
    ]);
  });

  it('aims a playing seek ahead by the lead it learnt, and a paused one exactly', () => {
    const playing = timelineAt(0, 0, true, 0);
    expect(syncStep(playing, durations, all, 40_000, view({ audioMs: 20_000, seekLeadMs: 80 }))[0]).toEqual({
      type: 'seek',
      ms: 40_080,
    });
    const paused = timelineAt(0, 7_000, false, 0);
    expect(
      syncStep(paused, durations, all, 9_000, view({ isPlaying: false, audioMs: 6_950, seekLeadMs: 80 })),
    ).toEqual([{ type: 'seek', ms: 7_000 }]);
  });

  it('waits while buffering, then catches up', () => {
    const playing = timelineAt(0, 0, true, 0);
    expect(syncStep(playing, durations, all, 5_000, view({ audioMs: null }))).toEqual([]);
  });

  it('moves to the track the party is on, paused or playing', () => {
    const onSecond = timelineAt(1, 10_000, true, 0);
    expect(syncStep(onSecond, durations, all, 2_000, view())).toEqual([
      { type: 'select', index: 1 },
      { type: 'play' },
      { type: 'seek', ms: 12_000 },
    ]);
    const paused = timelineAt(2, 5_000, false, 0);
    expect(syncStep(paused, durations, all, 99_000, view({ currentIndex: 2, positionMs: 1_000 }))).toEqual([
      { type: 'pause' },
      { type: 'rate', rate: 1 },
      { type: 'seek', ms: 5_000 },
    ]);
  });

  it('sits out a track this listener may not play, and picks up on the next one', () => {
    const mine = [0, -1, 1];
    const onHidden = timelineAt(1, 0, true, 0);
    expect(syncStep(onHidden, durations, mine, 50_000, view())).toEqual([{ type: 'pause' }]);
    expect(syncStep(onHidden, durations, mine, 150_000, view({ isPlaying: false }))).toEqual([
      { type: 'select', index: 1 },
      { type: 'play' },
      { type: 'seek', ms: 50_000 },
    ]);
  });
});
