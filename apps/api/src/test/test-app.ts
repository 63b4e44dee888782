import { randomBytes } from 'node:crypto';
import { appendFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { type Env, loadEnv } from '../env';
import type { AppDeps } from '../platform/app-deps';
import { createSession } from '../platform/auth/session.service';
import { type DatabaseHandle, openDatabase } from '../platform/db/database';
import { migrateToLatest } from '../platform/db/migrate';
import { createMemoryServices } from '../platform/redis/memory-services';
import { createRedisServices } from '../platform/redis/redis-services';
import type { SharedServices } from '../platform/redis/services';
import { seedDatabase } from '../seed/seed';
import {
  adminQuery,
  type DatabaseTemplates,
  databaseUrl,
  isEmbeddedTarget,
  SEED_INPUTS,
  TEST_ADMIN_PASSWORD,
  TEST_APP_KEY,
} from './database-templates';
import { embeddedReuseCounts, openEmbeddedTestDatabase } from './embedded-reuse';

export { isEmbeddedTarget };

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const silentLog = { info: () => {}, warn: () => {}, error: () => {} };

export type TestAppOptions = {
  env?: Record<string, string>;
  isSeeded?: boolean;
};

export type TestApp = {
  app: FastifyInstance;
  deps: AppDeps;
  env: Env;
  /** `cookie` header value for a fresh session of the user, with a matching XSRF pair. */
  sessionCookie: (userId: number) => Promise<{ cookie: string; xsrf: string }>;
  close: () => Promise<void>;
};

/** A fresh database copied from the run's template (migrated, or migrated and seeded). */
async function createTestDatabase(
  template: keyof DatabaseTemplates,
): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  const templates = inject('databaseTemplates');
  if (isEmbeddedTarget) return openEmbeddedTestDatabase(templates[template]);
  const name = `cadence_t_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name} template ${templates[template]}`);
  const handle = await openDatabase({ url: databaseUrl(name), embeddedDir: 'unused', poolMax: 4 });
  return {
    handle,
    drop: async () => {
      await handle.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

async function createTestServices(): Promise<{ services: SharedServices; cleanup: () => Promise<void> }> {
  if (isEmbeddedTarget) return { services: createMemoryServices(), cleanup: async () => {} };
  const services = await createRedisServices({
    url: REDIS_URL,
    keyPrefix: `cadence_t_${randomBytes(6).toString('hex')}:`,
    log: silentLog,
  });
  return {
    services,
    cleanup: async () => {
      await services.cache.deletePrefix('');
      await services.close();
    },
  };
}

/** The real app on an isolated database and key space, migrated and (by default) seeded. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cadence-test-'));
  const env = loadEnv(
    {
      APP_KEY: TEST_APP_KEY,
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(dataDir, 'apps'),
      LOG_LEVEL: 'silent',
      // The demo catalogue (28 rendered pieces) is opt-in for tests: `env: {SEED_DEMO_CATALOGUE: 'true'}`.
      SEED_DEMO_CATALOGUE: 'false',
      ...options.env,
    },
    dataDir,
  );
  // The run's seeded template holds the default seed; an environment that changes what the seed
  // writes starts from the migrated one and seeds its own.
  const isSeeded = options.isSeeded !== false;
  const seedsItself = isSeeded && SEED_INPUTS.some((key) => options.env && key in options.env);
  const startedAt = performance.now();
  const [{ handle, drop }, { services, cleanup }] = await Promise.all([
    createTestDatabase(isSeeded && !seedsItself ? 'seeded' : 'migrated'),
    createTestServices(),
  ]);
  // A no-op on a template of this run's migrations (one read of the migrations table).
  await migrateToLatest(handle.db);
  if (seedsItself)
    await seedDatabase(handle.db, { ...env, ADMIN_PASSWORD: TEST_ADMIN_PASSWORD }, TEST_APP_KEY);
  // `CADENCE_TEST_TIMING=<file>`: one line per app, its database set-up time, to see where a pass goes.
  if (process.env.CADENCE_TEST_TIMING)
    await appendFile(
      process.env.CADENCE_TEST_TIMING,
      `setup ${(performance.now() - startedAt).toFixed(0)} ms reused ${embeddedReuseCounts.reused} opened ${embeddedReuseCounts.opened}\n`,
    );
  const deps: AppDeps = {
    env,
    db: handle.db,
    cache: services.cache,
    pubsub: services.pubsub,
    rateLimitStore: services.rateLimitStore,
    probes: { database: handle.ping, redis: services.kind === 'redis' ? services.ping : null },
    appKey: TEST_APP_KEY,
    logger: false,
  };
  const app = await buildApp(deps);
  await app.ready();
  return {
    app,
    deps,
    env,
    sessionCookie: async (userId) => {
      const { token } = await createSession(handle.db, userId);
      const xsrf = randomBytes(24).toString('base64url');
      return { cookie: `cadence_session=${token}; XSRF-TOKEN=${xsrf}`, xsrf };
    },
    close: async () => {
      await app.close();
      await Promise.allSettled([cleanup(), drop()]);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A user with exactly these direct permissions (no roles). */
export async function createTestUser(
  deps: AppDeps,
  options: { email?: string; permissions?: string[]; isBanned?: boolean; language?: string } = {},
): Promise<number> {
  const { id } = await deps.db
    .insertInto('users')
    .values({
      email: options.email ?? `user-${randomBytes(4).toString('hex')}@example.com`,
      name: 'Test User',
      banned_at: options.isBanned ? new Date() : null,
      language: options.language ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const name of options.permissions ?? []) {
    const permission = await deps.db
      .selectFrom('permissions')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    await deps.db
      .insertInto('permissionables')
      .values({ permission_id: permission.id, permissionable_type: 'user', permissionable_id: id })
      .execute();
  }
  return id;
}
