import { Redis, type RedisOptions } from 'ioredis';
import { withTimeout } from '../db/database';
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
  options: Pick<RedisServicesOptions, 'url' | 'log' | 'connectTimeoutMs'>,
  role: string,
): Redis {
  const redisOptions: RedisOptions = {
    lazyConnect: true,
    enableOfflineQueue: false,
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

export async function createRedisServices(options: RedisServicesOptions): Promise<SharedServices> {
  const prefix = options.keyPrefix ?? 'cadence:';
  const client = createRedisClient(options, 'commands');
  await withTimeout(client.connect(), (options.connectTimeoutMs ?? 2_000) + 1_000).catch((error) => {
    client.disconnect();
    throw new Error(`Could not connect to Redis at REDIS_URL: ${error.message}`, { cause: error });
  });
  let subscriber: Redis | undefined;
  const handlers = new Map<string, Set<PubSubHandler>>();

  const cache: Cache = {
    async get<T>(key: string) {
      const json = await client.get(prefix + key);
      return json === null ? undefined : (JSON.parse(json) as T);
    },
    async set(key, value, ttlSeconds) {
      const json = JSON.stringify(value);
      if (ttlSeconds) await client.set(prefix + key, json, 'EX', ttlSeconds);
      else await client.set(prefix + key, json);
    },
    async add(key, value, ttlSeconds) {
      const json = JSON.stringify(value);
      const result = ttlSeconds
        ? await client.set(prefix + key, json, 'EX', ttlSeconds, 'NX')
        : await client.set(prefix + key, json, 'NX');
      return result === 'OK';
    },
    async delete(key) {
      await client.del(prefix + key);
    },
    async deletePrefix(keyPrefix) {
      let cursor = '0';
      do {
        const [next, keys] = await client.scan(
          cursor,
          'MATCH',
          `${escapeGlob(prefix + keyPrefix)}*`,
          'COUNT',
          500,
        );
        if (keys.length > 0) await client.unlink(...keys);
        cursor = next;
      } while (cursor !== '0');
    },
  };

  async function ensureSubscriber(): Promise<Redis> {
    if (subscriber) return subscriber;
    const sub = createRedisClient(options, 'subscriber');
    // A subscriber must re-subscribe after reconnecting, which ioredis does by itself.
    sub.on('message', (channel: string, json: string) => {
      const set = handlers.get(channel.slice(prefix.length));
      if (!set) return;
      const message = JSON.parse(json);
      for (const handler of set) handler(message);
    });
    await sub.connect();
    subscriber = sub;
    return sub;
  }

  const pubsub: PubSub = {
    async publish(channel, message) {
      await client.publish(prefix + channel, JSON.stringify(message ?? null));
    },
    async subscribe(channel, handler) {
      const sub = await ensureSubscriber();
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await sub.subscribe(prefix + channel);
      }
      set.add(handler);
      return async () => {
        set.delete(handler);
        if (set.size > 0) return;
        handlers.delete(channel);
        await sub.unsubscribe(prefix + channel);
      };
    },
  };

  const rateLimitStore: RateLimitStore = {
    async increment(key, windowMs) {
      const fullKey = `${prefix}rl:${key}`;
      const result = (await client.eval(
        "local c = redis.call('INCR', KEYS[1]) if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end return {c, redis.call('PTTL', KEYS[1])}",
        1,
        fullKey,
        windowMs,
      )) as [number, number];
      return { current: result[0], ttlMs: Math.max(result[1], 0) };
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
