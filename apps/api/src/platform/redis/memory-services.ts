import { EventEmitter } from 'node:events';
import type { Cache, PubSub, RateLimitStore, SharedServices } from './services';

type Entry = { json: string; expiresAt: number | null };

/** Values are stored as JSON so callers get copies, exactly as with Redis. */
export function createMemoryCache(now = Date.now): Cache {
  const entries = new Map<string, Entry>();
  return {
    async get<T>(key: string) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt !== null && entry.expiresAt <= now()) {
        entries.delete(key);
        return undefined;
      }
      return JSON.parse(entry.json) as T;
    },
    async set(key, value, ttlSeconds) {
      entries.set(key, {
        json: JSON.stringify(value),
        expiresAt: ttlSeconds ? now() + ttlSeconds * 1000 : null,
      });
    },
    async add(key, value, ttlSeconds) {
      const entry = entries.get(key);
      if (entry && (entry.expiresAt === null || entry.expiresAt > now())) return false;
      entries.set(key, {
        json: JSON.stringify(value),
        expiresAt: ttlSeconds ? now() + ttlSeconds * 1000 : null,
      });
      return true;
    },
    async delete(key) {
      entries.delete(key);
    },
    async deletePrefix(prefix) {
      for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
    },
  };
}

export function createMemoryPubSub(): PubSub {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(channel, message) {
      const copy = JSON.parse(JSON.stringify(message ?? null));
      // Asynchronous like a real broker: publishers never run subscriber code inline.
      queueMicrotask(() => emitter.emit(channel, copy));
    },
    async subscribe(channel, handler) {
      emitter.on(channel, handler);
      return async () => {
        emitter.off(channel, handler);
      };
    },
  };
}

export function createMemoryRateLimitStore(now = Date.now): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = now();
  return {
    async increment(key, windowMs) {
      const time = now();
      if (time - lastSweep > 60_000) {
        for (const [k, w] of windows) if (w.resetAt <= time) windows.delete(k);
        lastSweep = time;
      }
      const existing = windows.get(key);
      const window = existing && existing.resetAt > time ? existing : { count: 0, resetAt: time + windowMs };
      window.count += 1;
      windows.set(key, window);
      return { current: window.count, ttlMs: window.resetAt - time };
    },
  };
}

export function createMemoryServices(): SharedServices {
  return {
    kind: 'in-process',
    cache: createMemoryCache(),
    pubsub: createMemoryPubSub(),
    rateLimitStore: createMemoryRateLimitStore(),
    ping: async () => undefined,
    close: async () => undefined,
  };
}
