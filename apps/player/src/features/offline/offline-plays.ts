import type { TPlaySource } from '@cadence/contracts/play';
import { apiClient } from '@cadence/http-client/http-client';
import { isHttpError } from '@cadence/http-client/http-error';
import { OFFLINE_CACHE, PLAY_QUEUE_KEY } from './offline-keys';
import {
  createOfflinePlayQueue,
  type TOfflinePlayQueue,
  type TPlayQueueStore,
  type TQueuedPlay,
  type TSendOutcome,
} from './offline-play-queue';

/** The queue lives in offline listening's cache, beside the music it was heard from. */
const cacheStore: TPlayQueueStore = {
  async read() {
    // Most visitors never queue a play: no cache is made just to find that out.
    if (!(await caches.has(OFFLINE_CACHE))) return [];
    const stored = await (await caches.open(OFFLINE_CACHE)).match(PLAY_QUEUE_KEY);
    return stored ? ((await stored.json()) as TQueuedPlay[]) : [];
  },
  async write(plays) {
    const cache = await caches.open(OFFLINE_CACHE);
    if (plays.length === 0) await cache.delete(PLAY_QUEUE_KEY);
    else
      await cache.put(
        PLAY_QUEUE_KEY,
        new Response(JSON.stringify(plays), { headers: { 'content-type': 'application/json' } }),
      );
  },
};

/** No answer, or one saying "later" (a server error, rate limit): the play waits for the next try. */
export function isRetryable(error: unknown): boolean {
  if (!isHttpError(error)) return true;
  return error.status === 0 || error.status === 429 || error.status >= 500;
}

async function send(play: TQueuedPlay): Promise<TSendOutcome> {
  try {
    // Sent with the time it was heard, the play lands on its own day in the history, insights
    // and scrobbles; the server refuses one older than 14 days, which is then dropped.
    await apiClient.post(`tracks/${play.track_id}/plays`, {
      duration_played_ms: play.duration_played_ms,
      source: play.source,
      played_at: play.played_at,
    });
    return 'sent';
  } catch (error) {
    return isRetryable(error) ? 'offline' : 'rejected';
  }
}

let queue: TOfflinePlayQueue | null = null;
const queueOf = () => {
  queue ??= createOfflinePlayQueue(cacheStore, send);
  return queue;
};

/** A counted play whose report found no network: kept until the connection returns. */
export function queueOfflinePlay(trackId: number, listenedMs: number, source: TPlaySource): void {
  if (typeof caches === 'undefined') return;
  void queueOf()
    .enqueue({
      track_id: trackId,
      duration_played_ms: listenedMs,
      source,
      played_at: new Date().toISOString(),
    })
    .catch(() => undefined);
}

/** Sends waiting plays now (when online) and whenever the browser says the connection is back. */
export function startOfflinePlays(): void {
  if (typeof window === 'undefined' || typeof caches === 'undefined') return;
  const flush = () =>
    void queueOf()
      .flush()
      .catch(() => undefined);
  window.addEventListener('online', flush);
  if (navigator.onLine) flush();
}
