import { randomUUID } from 'node:crypto';
import type { Cache } from './services';

export type StampedMemo<T> = {
  /** The value of the current generation: loaded at most once per generation and process. */
  get: () => Promise<T>;
};

/**
 * Keeps a derived value in process memory and only a small generation stamp in the shared cache.
 * Each read costs one tiny cache read instead of fetching and parsing (or querying) the whole
 * value; whoever changes the source data deletes `key` (or a prefix of it) and every process
 * reloads on its next read. The TTL bounds staleness for changes made behind the app's back.
 */
export function createStampedMemo<T>(options: {
  cache: Cache;
  key: string;
  ttlSeconds: number;
  load: () => Promise<T>;
}): StampedMemo<T> {
  const { cache, key, ttlSeconds, load } = options;
  let memo: { stamp: string; value: T } | undefined;
  let pending: { stamp: string | undefined; promise: Promise<T> } | undefined;

  async function refresh(current: string | undefined): Promise<T> {
    let stamp = current;
    // Stamp before loading: an invalidation landing during the load deletes this stamp, so the
    // next read reloads instead of keeping what this load may have read before the change.
    if (stamp === undefined) {
      stamp = randomUUID();
      await cache.set(key, stamp, ttlSeconds);
    }
    const value = await load();
    memo = { stamp, value };
    return value;
  }

  return {
    async get() {
      const stamp = await cache.get<string>(key);
      if (memo && stamp !== undefined && memo.stamp === stamp) return memo.value;
      // Concurrent misses of the same generation share one load.
      if (pending && pending.stamp === stamp) return pending.promise;
      const promise = refresh(stamp).finally(() => {
        if (pending?.promise === promise) pending = undefined;
      });
      pending = { stamp, promise };
      return promise;
    },
  };
}
