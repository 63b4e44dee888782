/** What request handlers see; backed by Redis when REDIS_URL is set, in-process otherwise. */
export interface Cache {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown, ttlSeconds?: number): Promise<void>;
  /** Sets the key only when it holds nothing; true when it did (Redis `SET NX`). */
  add(key: string, value: unknown, ttlSeconds?: number): Promise<boolean>;
  delete(key: string): Promise<void>;
  deletePrefix(prefix: string): Promise<void>;
}

export type PubSubHandler = (message: unknown) => void;

export interface PubSub {
  publish(channel: string, message: unknown): Promise<void>;
  /** Resolves once subscribed; the returned function unsubscribes this handler. */
  subscribe(channel: string, handler: PubSubHandler): Promise<() => Promise<void>>;
}

export type RateLimitHit = { current: number; ttlMs: number };

export interface RateLimitStore {
  /** Counts one hit for `key` in a fixed window of `windowMs` that starts at the first hit. */
  increment(key: string, windowMs: number): Promise<RateLimitHit>;
}

export type SharedServices = {
  kind: 'redis' | 'in-process';
  cache: Cache;
  pubsub: PubSub;
  rateLimitStore: RateLimitStore;
  ping: (timeoutMs: number) => Promise<void>;
  close: () => Promise<void>;
};
