import { Redis, type RedisOptions } from 'ioredis';
import { withTimeout } from '../db/database';
import { isConnectionError } from '../http/connection-errors';
import { createMemoryCache, createMemoryRateLimitStore } from './memory-services';
import type { Cache, PubSub, PubSubHandler, RateLimitStore, SharedServices } from './services';

export type RedisServicesOptions = {
  url: string;
  /** Prepended to every key and channel (tests isolate themselves with it). */
  keyPrefix?: string;
  log: { warn: (obj: object, msg: string) => void; info: (msg: string) => void };
  connectTimeoutMs?: number;
};

/**
 * Request paths must never wait on a dead Redis: no offline queue, one retry, and a reconnect loop
 * in the background. The first error of an outage is logged; the rest are swallowed until 'ready'.
 */
export function createRedisClient(
  options: Pick<RedisServicesOptions, 'url' | 'log' | 'connectTimeoutMs'> & {
    enableOfflineQueue?: boolean;
    enableAutoPipelining?: boolean;
  },
  role: string,
): Redis {
  const redisOptions: RedisOptions = {
    lazyConnect: true,
    enableAutoPipelining: options.enableAutoPipelining ?? false,
    enableOfflineQueue: options.enableOfflineQueue ?? false,
    maxRetriesPerRequest: 1,
    connectTimeout: options.connectTimeoutMs ?? 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  };
  const client = new Redis(options.url, redisOptions);
  let isDown = false;
  client.on('error', (error) => {
    if (isDown) return;
    isDown = true;
    options.log.warn({ err: error, role }, 'Redis connection lost; retrying in the background');
  });
  client.on('ready', () => {
    if (!isDown) return;
    isDown = false;
    options.log.info(`Redis ${role} connection restored`);
  });
  return client;
}

/**
 * One window's count: INCR, the window's expiry on the first hit, and the time left. Sent by its
 * SHA (EVALSHA, via `defineCommand`), not as text on every request.
 */
const RATE_LIMIT_LUA =
  "local c = redis.call('INCR', KEYS[1]) if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end return {c, redis.call('PTTL', KEYS[1])}";

type RateLimitClient = Redis & {
  cadenceRateLimit(key: string, windowMs: number): Promise<[number, number]>;
};

/** How long a subscribe waits for the subscriber's first connection before going on without it. */
const FIRST_SUBSCRIBE_WAIT_MS = 3_000;

export async function createRedisServices(options: RedisServicesOptions): Promise<SharedServices> {
  const prefix = options.keyPrefix ?? 'cadence:';
  // Auto-pipelining: the commands a loop turn issues (a request's rate limit, session and cache
  // stamp reads, and every other request's in flight) go out in one write and come back in one
  // read. One write per command was a tenth of the api's CPU under the mixed listener load:
  // each is a system call, dear on a virtual machine.
  const client = createRedisClient({ ...options, enableAutoPipelining: true }, 'commands') as RateLimitClient;
  client.defineCommand('cadenceRateLimit', { numberOfKeys: 1, lua: RATE_LIMIT_LUA });
  await withTimeout(client.connect(), (options.connectTimeoutMs ?? 2_000) + 1_000).catch((error) => {
    client.disconnect();
    throw new Error(`Could not connect to Redis at REDIS_URL: ${error.message}`, { cause: error });
  });
  let subscriber: Redis | undefined;
  const handlers = new Map<string, Set<PubSubHandler>>();

  // Redis is a degradable dependency: while it is away the response cache is bypassed, rate
  // limits are counted in this process (auth limits stay enforced, per replica), and published
  // messages reach this replica's own subscribers. Invalidations that could not reach Redis
  // are replayed when it returns, so no stale entry outlives the outage.
  const isUp = () => client.status === 'ready';
  const localGuards = createMemoryCache();
  const localRateLimits = createMemoryRateLimitStore();
  const missedInvalidations = { keys: new Set<string>(), prefixes: new Set<string>() };
  let isDegraded = false;
  function degrade(error?: unknown) {
    if (isDegraded) return;
    isDegraded = true;
    options.log.warn(
      { err: error },
      'Redis unavailable: cache bypassed, rate limits counted in-process until it returns',
    );
  }
  async function orDegrade<T>(command: () => Promise<T>, fallback: () => T | Promise<T>): Promise<T> {
    if (!isUp()) {
      degrade();
      return fallback();
    }
    try {
      return await command();
    } catch (error) {
      if (isUp() && !isConnectionError(error)) throw error;
      degrade(error);
      return fallback();
    }
  }
  client.on('ready', () => {
    if (!isDegraded) return;
    isDegraded = false;
    const { keys, prefixes } = missedInvalidations;
    const replay = [...keys]
      .map((key) => cache.delete(key))
      .concat([...prefixes].map((p) => cache.deletePrefix(p)));
    keys.clear();
    prefixes.clear();
    void Promise.allSettled(replay);
  });

  async function scanAndUnlink(pattern: string) {
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      if (keys.length > 0) await client.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
  }

  const cache: Cache = {
    get<T>(key: string) {
      return orDegrade(
        async () => {
          const json = await client.get(prefix + key);
          return json === null ? undefined : (JSON.parse(json) as T);
        },
        () => undefined,
      );
    },
    set(key, value, ttlSeconds) {
      const json = JSON.stringify(value);
      return orDegrade(
        async () => {
          if (ttlSeconds) await client.set(prefix + key, json, 'EX', ttlSeconds);
          else await client.set(prefix + key, json);
        },
        () => undefined,
      );
    },
    add(key, value, ttlSeconds) {
      const json = JSON.stringify(value);
      return orDegrade(
        async () => {
          const result = ttlSeconds
            ? await client.set(prefix + key, json, 'EX', ttlSeconds, 'NX')
            : await client.set(prefix + key, json, 'NX');
          return result === 'OK';
        },
        // A "once" guard still holds within this replica.
        () => localGuards.add(key, value, ttlSeconds),
      );
    },
    delete(key) {
      return orDegrade(
        async () => {
          await client.del(prefix + key);
        },
        () => {
          missedInvalidations.keys.add(key);
        },
      );
    },
    deletePrefix(keyPrefix) {
      return orDegrade(
        () => scanAndUnlink(`${escapeGlob(prefix + keyPrefix)}*`),
        () => {
          missedInvalidations.prefixes.add(keyPrefix);
        },
      );
    },
  };

  function deliverLocally(channel: string, message: unknown) {
    const set = handlers.get(channel);
    if (!set) return;
    const copy = JSON.parse(JSON.stringify(message ?? null));
    queueMicrotask(() => {
      for (const handler of set) handler(copy);
    });
  }

  function ensureSubscriber(): Redis {
    if (subscriber) return subscriber;
    // The subscriber queues its (un)subscribe commands while Redis is away and re-subscribes
    // after reconnecting, both by ioredis itself: subscribing never waits on an outage.
    const sub = createRedisClient({ ...options, enableOfflineQueue: true }, 'subscriber');
    sub.on('message', (channel: string, json: string) => {
      const set = handlers.get(channel.slice(prefix.length));
      if (!set) return;
      const message = JSON.parse(json);
      for (const handler of set) handler(message);
    });
    // Every (re)connection subscribes to every channel with a handler: ioredis' own
    // re-subscription was seen to miss after Redis was killed and restarted, and SUBSCRIBE to a
    // channel already subscribed is harmless.
    sub.on('ready', () => {
      const channels = [...handlers.keys()].map((channel) => prefix + channel);
      if (channels.length > 0) sub.subscribe(...channels).catch(() => undefined);
    });
    sub.connect().catch(() => undefined);
    subscriber = sub;
    return sub;
  }

  async function untilSent(command: Promise<unknown>, sub: Redis) {
    // Awaited while connected (the caller may rely on being subscribed); queued otherwise.
    if (sub.status === 'ready') await command;
    else if (sub.status === 'wait' || sub.status === 'connecting' || sub.status === 'connect')
      // The subscriber's first connection is under way (it is made at the first subscribe): not
      // waiting for it would lose what is published meanwhile, e.g. the first event of the first
      // tab a replica serves. Bounded, so a Redis that never answers is treated as an outage.
      await withTimeout(command, FIRST_SUBSCRIBE_WAIT_MS).catch(() => undefined);
    else command.catch(() => undefined);
  }

  const pubsub: PubSub = {
    publish(channel, message) {
      return orDegrade(
        async () => {
          await client.publish(prefix + channel, JSON.stringify(message ?? null));
        },
        () => deliverLocally(channel, message),
      );
    },
    async subscribe(channel, handler) {
      const sub = ensureSubscriber();
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await untilSent(sub.subscribe(prefix + channel), sub);
      }
      set.add(handler);
      return async () => {
        set.delete(handler);
        if (set.size > 0) return;
        handlers.delete(channel);
        await untilSent(sub.unsubscribe(prefix + channel), sub);
      };
    },
  };

  const rateLimitStore: RateLimitStore = {
    increment(key, windowMs) {
      return orDegrade(
        async () => {
          const fullKey = `${prefix}rl:${key}`;
          const result = await client.cadenceRateLimit(fullKey, windowMs);
          return { current: result[0], ttlMs: Math.max(result[1], 0) };
        },
        () => localRateLimits.increment(key, windowMs),
      );
    },
  };

  return {
    kind: 'redis',
    cache,
    pubsub,
    rateLimitStore,
    ping: (timeoutMs) =>
      withTimeout(
        client.ping().then(() => undefined),
        timeoutMs,
      ),
    close: async () => {
      await Promise.allSettled([client.quit(), subscriber?.quit()]);
      client.disconnect();
      subscriber?.disconnect();
    },
  };
}

function escapeGlob(value: string): string {
  return value.replace(/[*?[\]\\]/g, (char) => `\\${char}`);
}
