import { randomUUID } from 'node:crypto';
import { createBoundedMemo } from '../../platform/redis/bounded-memo';
import type { Cache } from '../../platform/redis/services';

/** A public catalogue page whose answer is shared by every viewer allowed to see it. */
export type CataloguePage =
  | { kind: 'album' | 'artist' | 'track' | 'playlist'; id: number }
  /** Channels list other entities (and automatic lists rank them): they share one stamp. */
  | { kind: 'channels' }
  /** Search and typeahead answers may show any item: one stamp, dropped by every catalogue write. */
  | { kind: 'search' };

/** The generation of one page an answer was served from: current while its stamp key holds `stamp`. */
export type TServedStamp = { key: string; stamp: string };

export type CatalogueCache = {
  /**
   * The page's serialized answer for `variant` (its parsed query): from this process' memo when
   * the page's stamp is unchanged, else from the shared cache (Redis), else from `load`. `load`
   * answers null when this answer depends on who asks (a private or disabled item): it is then
   * neither cached nor served from the cache, and the caller answers the usual way. `onServed`
   * hears the stamp of a shared answer (what something built from it is valid for).
   */
  read(
    page: CataloguePage,
    variant: string,
    load: () => Promise<string | null>,
    onServed?: (served: TServedStamp) => void,
  ): Promise<string | null>;
  /** True while every page is still at the generation it was served from (no write since). */
  isCurrent(stamps: readonly TServedStamp[]): Promise<boolean>;
  /** Drops the pages: every process reloads them on its next read. */
  drop(pages: readonly CataloguePage[]): Promise<void>;
  /** Drops every catalogue page (genre and tag renames, which any page may embed). */
  dropAll(): Promise<void>;
};

const PREFIX = 'catalogue:v1:';
const STAMP_PREFIX = `${PREFIX}stamp:`;
/**
 * What this process keeps of bodies, in characters (a 500-track playlist is about half a million):
 * the least recently read go first. With Redis the rest are one shared read away.
 */
const MEMO_CHARS = 16_000_000;

export const pageStampKey = (page: CataloguePage) =>
  'id' in page ? `${STAMP_PREFIX}${page.kind}:${page.id}` : `${STAMP_PREFIX}${page.kind}`;

/**
 * Generation stamps, as createStampedMemo keeps them (platform/redis/stamped-memo.ts), but one
 * per page: each page's stamp lives in the shared cache and every write that changes the page
 * deletes it (catalogue-invalidation.ts). A read costs one small cache read; the body is kept in
 * this process and, with Redis, under its stamp for the other replicas.
 *
 * The stamp's TTL is also how long counters that change without an edit may lag: play counts
 * (every counted play), and likes, followers and views counts. Invalidating on each of those
 * would drop the busiest pages on every play; they are read-mostly figures, so they may be up
 * to `ttlSeconds` old instead. An edit, a delete or a visibility change never is.
 */
export function createCatalogueCache(options: {
  cache: Cache;
  /** True with Redis: bodies are shared between replicas. In-process, the memo is the cache. */
  isShared: boolean;
  ttlSeconds: number;
  /** The memo's budget in characters. */
  memoChars?: number;
}): CatalogueCache {
  const { cache, isShared, ttlSeconds, memoChars: budget = MEMO_CHARS } = options;
  const memo = createBoundedMemo<{ stamp: string; json: string }>({
    budget,
    sizeOf: (entry) => entry.json.length,
  });
  const pending = new Map<string, Promise<string | null>>();
  const remember = (key: string, stamp: string, json: string) => memo.set(key, { stamp, json });

  async function currentStamp(stampKey: string): Promise<string> {
    const stamp = await cache.get<string>(stampKey);
    if (stamp !== undefined) return stamp;
    // Stamp before loading: a write landing during the load deletes it, so the body this load
    // may have read before the write is never found again.
    const fresh = randomUUID();
    if (await cache.add(stampKey, fresh, ttlSeconds)) return fresh;
    return (await cache.get<string>(stampKey)) ?? fresh;
  }

  async function load(
    key: string,
    stamp: string,
    variant: string,
    loader: () => Promise<string | null>,
  ): Promise<string | null> {
    const bodyKey = `${PREFIX}body:${stamp}:${variant}`;
    if (isShared) {
      const shared = await cache.get<string>(bodyKey);
      if (shared !== undefined) {
        remember(key, stamp, shared);
        return shared;
      }
    }
    const json = await loader();
    if (json === null) return null;
    remember(key, stamp, json);
    if (isShared) await cache.set(bodyKey, json, ttlSeconds);
    return json;
  }

  return {
    async read(page, variant, loader, onServed) {
      if (ttlSeconds === 0) return loader();
      const stampKey = pageStampKey(page);
      const key = `${stampKey}|${variant}`;
      const stamp = await currentStamp(stampKey);
      const served = (json: string | null) => {
        if (json !== null) onServed?.({ key: stampKey, stamp });
        return json;
      };
      const hit = memo.get(key);
      if (hit && hit.stamp === stamp) return served(hit.json);
      // Concurrent reads of one generation share one load; a read after a write has a new stamp
      // and never joins a load that started before it.
      const loadKey = `${key}|${stamp}`;
      let promise = pending.get(loadKey);
      if (!promise) {
        promise = load(key, stamp, variant, loader).finally(() => pending.delete(loadKey));
        pending.set(loadKey, promise);
      }
      return served(await promise);
    },
    async isCurrent(stamps) {
      if (ttlSeconds === 0 || stamps.length === 0) return false;
      const current = await Promise.all(stamps.map(({ key }) => cache.get<string>(key)));
      return stamps.every(({ stamp }, index) => current[index] === stamp);
    },
    async drop(pages) {
      const keys = new Set(pages.map(pageStampKey));
      await Promise.all([...keys].map((key) => cache.delete(key)));
    },
    async dropAll() {
      await cache.deletePrefix(STAMP_PREFIX);
    },
  };
}
