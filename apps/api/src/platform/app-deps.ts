import type { Kysely } from 'kysely';
import type { Env } from '../env';
import type { Database } from './db/schema';
import type { Cache, PubSub, RateLimitStore } from './redis/services';

export type AppDeps = {
  env: Env;
  db: Kysely<Database>;
  cache: Cache;
  pubsub: PubSub;
  rateLimitStore: RateLimitStore;
  /** Readiness probes with short timeouts; `redis` is null for the in-process services. */
  probes: {
    database: (timeoutMs: number) => Promise<void>;
    redis: ((timeoutMs: number) => Promise<void>) | null;
  };
  appKey: string;
  logger?: boolean | { level: string; transport?: { target: string } };
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
