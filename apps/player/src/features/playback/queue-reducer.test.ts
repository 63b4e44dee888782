import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TPlayerTrack } from './player-track';
import { emptyQueue, queueReducer, type TQueueAction, type TQueueState, upcomingItem } from './queue-reducer';

function makeEnv(seed = 1) {
  let counter = 0;
  let value = seed;
  return {
    makeKey: () => `k${++counter}`,
    // A tiny LCG: deterministic per seed, so a failing case replays.
    random: () => {
      value = (value * 1103515245 + 12345) % 2147483648;
      return value / 2147483648;
    },
  };
}

const track = (id: number): TPlayerTrack => ({
  id,
  name: `Track ${id}`,
  image: null,
  duration: 1000,
  artists: [],
  album: null,
});
const tracksArb = fc
  .array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 12 })
  .map((ids) => ids.map(track));

function loaded(tracks: TPlayerTrack[], start = 0, seed = 1): TQueueState {
  return queueReducer(emptyQueue('off'), { type: 'playNow', tracks, startIndex: start }, makeEnv(seed));
}
const keysOf = (state: TQueueState) => state.items.map((item) => item.key).sort();

const actionArb: fc.Arbitrary<TQueueAction> = fc.oneof(
  tracksArb.map((tracks) => ({ type: 'playNext' as const, tracks })),
  tracksArb.map((tracks) => ({ type: 'addToQueue' as const, tracks })),
  fc.record({ type: fc.constant('move' as const), from: fc.nat(20), to: fc.nat(20) }),
  fc.nat(20).map((n) => ({ type: 'remove' as const, key: `k${n}` })),
  fc.nat(20).map((index) => ({ type: 'select' as const, index })),
  fc.boolean().map((isAuto) => ({ type: 'next' as const, isAuto })),
  fc.constant({ type: 'previous' as const }),
  fc.boolean().map((isShuffled) => ({ type: 'setShuffle' as const, isShuffled })),
  fc.constantFrom('off', 'all', 'one').map((repeat) => ({ type: 'setRepeat' as const, repeat })),
);

describe('queueReducer', () => {
  it('keeps the current index inside the queue whatever happens', () => {
    fc.assert(
      fc.property(tracksArb, fc.array(actionArb, { maxLength: 30 }), (tracks, actions) => {
        const env = makeEnv();
        let state = queueReducer(emptyQueue(), { type: 'playNow', tracks }, env);
        for (const action of actions) {
          state = queueReducer(state, action, env);
          if (state.items.length === 0) expect(state.currentIndex).toBe(-1);
          else expect(state.currentIndex).toBeGreaterThanOrEqual(0);
          expect(state.currentIndex).toBeLessThan(state.items.length);
          expect(new Set(state.items.map((item) => item.key)).size).toBe(state.items.length);
        }
      }),
    );
  });

  it('loses nothing on reorder and keeps playing the same item', () => {
    fc.assert(
      fc.property(tracksArb, fc.nat(11), fc.nat(11), fc.nat(11), (tracks, start, from, to) => {
        const state = loaded(tracks, start);
        const current = state.items[state.currentIndex]?.key;
        const moved = queueReducer(state, { type: 'move', from, to }, makeEnv());
        expect(keysOf(moved)).toEqual(keysOf(state));
        expect(moved.items[moved.currentIndex]?.key).toBe(current);
        if (from < tracks.length && to < tracks.length)
          expect(moved.items[to]?.key).toBe(state.items[from]?.key);
      }),
    );
  });

  it('shuffle is a permutation that keeps the current item and the played ones in place', () => {
    fc.assert(
      fc.property(tracksArb, fc.nat(11), fc.nat(), (tracks, start, seed) => {
        const state = loaded(tracks, start);
        const on = queueReducer(state, { type: 'setShuffle', isShuffled: true }, makeEnv(seed));
        expect(keysOf(on)).toEqual(keysOf(state));
        expect(on.currentIndex).toBe(state.currentIndex);
        expect(on.items.slice(0, on.currentIndex + 1)).toEqual(state.items.slice(0, state.currentIndex + 1));
        const off = queueReducer(on, { type: 'setShuffle', isShuffled: false }, makeEnv(seed));
        expect(off.items).toEqual(state.items);
        expect(off.currentIndex).toBe(state.currentIndex);
      }),
    );
  });

  it('repeat one never advances when a track ends, but next by hand does', () => {
    fc.assert(
      fc.property(tracksArb, fc.nat(11), fc.integer({ min: 1, max: 20 }), (tracks, start, times) => {
        let state = queueReducer(loaded(tracks, start), { type: 'setRepeat', repeat: 'one' }, makeEnv());
        const before = state.currentIndex;
        for (let i = 0; i < times; i++)
          state = queueReducer(state, { type: 'next', isAuto: true }, makeEnv());
        expect(state.currentIndex).toBe(before);
        expect(upcomingItem(state)).toBeNull();
      }),
    );
    const state = queueReducer(loaded([track(1), track(2)]), { type: 'setRepeat', repeat: 'one' }, makeEnv());
    expect(queueReducer(state, { type: 'next' }, makeEnv()).currentIndex).toBe(1);
  });

  it('repeat all wraps around, repeat off stops at the end', () => {
    const tracks = [track(1), track(2), track(3)];
    const last = loaded(tracks, 2);
    expect(queueReducer(last, { type: 'next', isAuto: true }, makeEnv()).currentIndex).toBe(2);
    const all = queueReducer(last, { type: 'setRepeat', repeat: 'all' }, makeEnv());
    expect(queueReducer(all, { type: 'next', isAuto: true }, makeEnv()).currentIndex).toBe(0);
    expect(queueReducer({ ...all, currentIndex: 0 }, { type: 'previous' }, makeEnv()).currentIndex).toBe(2);
    expect(upcomingItem(all)?.track.id).toBe(1);
  });

  it('play next inserts right after the current item, add to queue appends', () => {
    const state = loaded([track(1), track(2), track(3)], 1);
    const next = queueReducer(state, { type: 'playNext', tracks: [track(9)] }, makeEnv(5));
    expect(next.items.map((item) => item.track.id)).toEqual([1, 2, 9, 3]);
    const added = queueReducer(state, { type: 'addToQueue', tracks: [track(9)] }, makeEnv(5));
    expect(added.items.map((item) => item.track.id)).toEqual([1, 2, 3, 9]);
  });

  it('removing the current item makes the next one current; clear empties', () => {
    const state = loaded([track(1), track(2), track(3)], 1);
    const removed = queueReducer(state, { type: 'remove', key: state.items[1]?.key ?? '' }, makeEnv());
    expect(removed.items[removed.currentIndex]?.track.id).toBe(3);
    const cleared = queueReducer(state, { type: 'clear' }, makeEnv());
    expect(cleared).toMatchObject({ items: [], currentIndex: -1 });
  });
});
