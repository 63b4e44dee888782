import path from 'node:path';
import type { Env } from './env';
import { SETTINGS_CACHE_PREFIX } from './modules/settings/settings.service';
import type { AppDeps } from './platform/app-deps';
import { resolveAppKey } from './platform/app-key';
import { openDatabase } from './platform/db/database';
import { withLongRunningConnection } from './platform/db/long-running';
import { migrateToLatest } from './platform/db/migrate';
import { createDeferredLog } from './platform/log';
import { openSharedServices } from './platform/redis/open-services';

export type Runtime = {
  deps: AppDeps;
  log: ReturnType<typeof createDeferredLog>;
  close: () => Promise<void>;
};

/** Opens the database, Redis (or in-process services) and the app key for server and CLI alike. */
export async function openRuntime(env: Env, options: { withLogger?: boolean } = {}): Promise<Runtime> {
  const log = createDeferredLog();
  const appKey = await resolveAppKey(env.APP_KEY, env.DATA_DIR);
  const database = await openDatabase({
    url: env.DATABASE_URL,
    embeddedDir: path.join(env.DATA_DIR, 'db'),
    poolMax: env.DB_POOL_MAX,
    statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
    onPoolError: (error) => log.warn({ err: error }, 'PostgreSQL connection error'),
  });
  const shared = await openSharedServices({ url: env.REDIS_URL, log }).catch(async (error) => {
    await database.close();
    throw error;
  });
  const isPretty = env.NODE_ENV === 'development';
  const deps: AppDeps = {
    env,
    db: database.db,
    cache: shared.cache,
    pubsub: shared.pubsub,
    rateLimitStore: shared.rateLimitStore,
    probes: { database: database.ping, redis: shared.kind === 'redis' ? shared.ping : null },
    appKey,
    logger:
      options.withLogger === false
        ? false
        : { level: env.LOG_LEVEL, ...(isPretty ? { transport: { target: 'pino-pretty' } } : {}) },
  };
  return {
    deps,
    log,
    close: async () => {
      await Promise.allSettled([shared.close(), database.close()]);
    },
  };
}

/**
 * Runs the pending migrations; when any ran, drops the cached settings: a migration may rewrite
 * stored settings (a menu item's link), and Redis keeps the cache across the restart that
 * brought the migration, for up to an hour. They run on a connection of their own: a backfill or
 * an index over a large catalogue takes longer than the 15 s the pool allows a request.
 */
export async function migrateRuntime(deps: Pick<AppDeps, 'db' | 'cache'>): Promise<string[]> {
  const { applied } = await withLongRunningConnection(deps.db, (db) => migrateToLatest(db));
  if (applied.length > 0) await deps.cache.deletePrefix(SETTINGS_CACHE_PREFIX);
  return applied;
}
