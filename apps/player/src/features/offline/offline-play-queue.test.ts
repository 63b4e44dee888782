import { describe, expect, it } from 'vitest';
import {
  createOfflinePlayQueue,
  MAX_QUEUED_PLAYS,
  type TPlayQueueStore,
  type TQueuedPlay,
  type TSendOutcome,
} from './offline-play-queue';

function memoryStore(initial: TQueuedPlay[] = []): TPlayQueueStore & { plays: TQueuedPlay[] } {
  const store = {
    plays: initial,
    read: async () => [...store.plays],
    write: async (plays: TQueuedPlay[]) => {
      store.plays = [...plays];
    },
  };
  return store;
}

const play = (trackId: number, at = `2026-11-29T10:0${trackId % 10}:00.000Z`): TQueuedPlay => ({
  track_id: trackId,
  duration_played_ms: 60_000,
  source: 'album',
  played_at: at,
});

describe('the offline play queue', () => {
  it('keeps plays in the order they were heard and sends them in that order once online', async () => {
    const store = memoryStore();
    const sent: number[] = [];
    const queue = createOfflinePlayQueue(store, async (item) => {
      sent.push(item.track_id);
      return 'sent';
    });
    await queue.enqueue(play(1));
    await queue.enqueue(play(2));
    await queue.enqueue(play(3));
    expect(store.plays.map((item) => item.track_id)).toEqual([1, 2, 3]);
    expect(await queue.flush()).toEqual({ sent: 3, left: 0 });
    expect(sent).toEqual([1, 2, 3]);
    expect(store.plays).toEqual([]);
  });

  it('stops at the first play that cannot reach the api and keeps it and the rest', async () => {
    const store = memoryStore([play(1), play(2), play(3)]);
    const outcomes: TSendOutcome[] = ['sent', 'offline'];
    const queue = createOfflinePlayQueue(store, async () => outcomes.shift() ?? 'sent');
    expect(await queue.flush()).toEqual({ sent: 1, left: 2 });
    expect(store.plays.map((item) => item.track_id)).toEqual([2, 3]);
    expect(await queue.flush()).toEqual({ sent: 2, left: 0 });
  });

  it('drops a play the api refuses for good, without counting it as sent', async () => {
    const store = memoryStore([play(1), play(2)]);
    const queue = createOfflinePlayQueue(store, async (item) => (item.track_id === 1 ? 'rejected' : 'sent'));
    expect(await queue.flush()).toEqual({ sent: 1, left: 0 });
    expect(store.plays).toEqual([]);
  });

  it('sends each play once when flushes overlap and plays arrive during a flush', async () => {
    const store = memoryStore([play(1), play(2)]);
    const sent: number[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const queue = createOfflinePlayQueue(store, async (item) => {
      if (item.track_id === 1) await gate;
      sent.push(item.track_id);
      return 'sent';
    });
    const first = queue.flush();
    const second = queue.flush();
    expect(second).toBe(first);
    await queue.enqueue(play(3));
    release();
    expect(await first).toEqual({ sent: 3, left: 0 });
    expect(sent).toEqual([1, 2, 3]);
  });

  it(`keeps the latest ${MAX_QUEUED_PLAYS} plays`, async () => {
    const store = memoryStore(Array.from({ length: MAX_QUEUED_PLAYS }, (_, index) => play(index)));
    const queue = createOfflinePlayQueue(store, async () => 'sent');
    await queue.enqueue(play(5000));
    expect(store.plays).toHaveLength(MAX_QUEUED_PLAYS);
    expect(store.plays[0]?.track_id).toBe(1);
    expect(store.plays.at(-1)?.track_id).toBe(5000);
  });
});
