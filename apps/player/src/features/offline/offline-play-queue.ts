import type { TPlaySource } from '@cadence/contracts/play';

/** A counted play that could not reach the api (the listener was offline). */
export type TQueuedPlay = {
  track_id: number;
  duration_played_ms: number;
  source: TPlaySource;
  /** When it was heard; kept for the record (the plays api stamps a play when it arrives). */
  played_at: string;
};

export interface TPlayQueueStore {
  read(): Promise<TQueuedPlay[]>;
  write(plays: TQueuedPlay[]): Promise<void>;
}

/** sent: counted; rejected: the api refused it for good (a track since removed); offline: try later. */
export type TSendOutcome = 'sent' | 'rejected' | 'offline';

/** A listener offline for weeks keeps their latest plays, not an ever-growing list. */
export const MAX_QUEUED_PLAYS = 1000;

/**
 * Plays made offline wait here and go out in the order they were heard once the connection is
 * back. Every change of the list runs one after another, and a play leaves the list only after
 * its answer, so a play is neither lost nor sent twice by two flushes racing.
 */
export function createOfflinePlayQueue(
  store: TPlayQueueStore,
  send: (play: TQueuedPlay) => Promise<TSendOutcome>,
) {
  let last: Promise<unknown> = Promise.resolve();
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const next = last.then(work, work);
    last = next.catch(() => undefined);
    return next;
  };
  let flushing: Promise<{ sent: number; left: number }> | null = null;

  function enqueue(play: TQueuedPlay): Promise<void> {
    return serially(async () => {
      const plays = [...(await store.read()), play];
      await store.write(plays.slice(-MAX_QUEUED_PLAYS));
    });
  }

  async function drain(): Promise<{ sent: number; left: number }> {
    let sent = 0;
    for (;;) {
      const head = (await serially(() => store.read()))[0];
      if (!head) return { sent, left: 0 };
      const outcome = await send(head);
      if (outcome === 'offline') return { sent, left: (await serially(() => store.read())).length };
      if (outcome === 'sent') sent += 1;
      await serially(async () => {
        const plays = await store.read();
        await store.write(plays[0] === head || isSame(plays[0], head) ? plays.slice(1) : plays);
      });
    }
  }

  /** Sends what waits; a second call while one runs shares it. */
  function flush(): Promise<{ sent: number; left: number }> {
    flushing ??= drain().finally(() => {
      flushing = null;
    });
    return flushing;
  }

  return { enqueue, flush, pending: () => serially(() => store.read()) };
}

function isSame(a: TQueuedPlay | undefined, b: TQueuedPlay): boolean {
  return (
    a !== undefined &&
    a.track_id === b.track_id &&
    a.played_at === b.played_at &&
    a.duration_played_ms === b.duration_played_ms
  );
}

export type TOfflinePlayQueue = ReturnType<typeof createOfflinePlayQueue>;
