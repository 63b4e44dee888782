import { PrivatePostgres, PrivateRedis, sparePort, waitFor } from '@cadence/faults/peers';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadEnv } from '../env';
import { seedDatabase } from '../seed/seed';
import { isEmbeddedTarget } from '../test/test-app';
import { createSession } from './auth/session.service';
import { type DatabaseHandle, openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { createRedisServices } from './redis/redis-services';
import type { SharedServices } from './redis/services';

/** Private PostgreSQL and Redis processes on spare ports (the fault suite's peers), killed and
 * restarted under a live app. The shared services on 5432/6379 are never touched. */
const APP_KEY = 'resilience-app-key-0123456789abcdefghij';

describe.skipIf(isEmbeddedTarget)('resilience against PostgreSQL and Redis outages', () => {
  let pgServer: PrivatePostgres;
  let redis: PrivateRedis;
  let database: DatabaseHandle;
  let services: SharedServices;
  let app: FastifyInstance;
  let sessionCookie: string;
  const warnings: string[] = [];

  beforeAll(async () => {
    pgServer = new PrivatePostgres(await sparePort());
    redis = new PrivateRedis(await sparePort());
    await Promise.all([pgServer.start(), redis.start()]);
    const url = pgServer.url;
    database = await openDatabase({
      url,
      embeddedDir: 'unused',
      poolMax: 4,
      onPoolError: (e) => warnings.push(e.message),
    });
    await waitFor(async () => {
      services = await createRedisServices({
        url: redis.url,
        log: { info: () => {}, warn: (_o, msg) => warnings.push(msg) },
      });
      return true;
    }, 5_000);
    const env = loadEnv({ APP_KEY, LOG_LEVEL: 'silent', ADMIN_PASSWORD: 'admin-password' }, pgServer.dir);
    await migrateToLatest(database.db);
    await seedDatabase(database.db, env, APP_KEY);
    app = await buildApp({
      env,
      db: database.db,
      cache: services.cache,
      pubsub: services.pubsub,
      rateLimitStore: services.rateLimitStore,
      probes: { database: database.ping, redis: services.ping },
      appKey: APP_KEY,
      logger: false,
    });
    await app.ready();
    const admin = await database.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    sessionCookie = `cadence_session=${(await createSession(database.db, admin.id)).token}`;
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await services?.close();
    await database?.close();
    await redis?.stop();
    await pgServer?.dispose();
  });

  const bootstrap = () => app.inject({ url: '/api/v1/bootstrap-data', headers: { cookie: sessionCookie } });

  async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
    const started = Date.now();
    const result = await fn();
    return [result, Date.now() - started];
  }

  it('answers normally while both are up', async () => {
    expect((await bootstrap()).statusCode).toBe(200);
    expect((await app.inject({ url: '/ready' })).statusCode).toBe(200);
  });

  /** What a failover or a pooler reset does: every app connection is cut, busy or not. */
  const terminateAppConnections = () => pgServer.terminateOthers();

  it('a connection cut while checked out of the pool: the transaction rolls back, the process lives', async () => {
    await sql`create table if not exists fault_probe (id int not null)`.execute(database.db);
    // The client sits idle inside a transaction when its backend is terminated: pg-pool has no
    // listener on a checked-out client, so without the app's own an 'error' event kills the run.
    const attempt = database.db.transaction().execute(async (trx) => {
      await sql`insert into fault_probe values (1)`.execute(trx);
      await terminateAppConnections();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await sql`insert into fault_probe values (2)`.execute(trx);
    });
    await expect(attempt).rejects.toThrow();

    // Requests in flight at the cut answer 503 or 200, never 500; the pool heals on its own.
    const inFlight = Array.from({ length: 20 }, bootstrap);
    await terminateAppConnections();
    const statuses = (await Promise.all(inFlight)).map((res) => res.statusCode);
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
    await waitFor(async () => (await bootstrap()).statusCode === 200, 5_000);

    const rows = await sql<{ count: number }>`select count(*)::int as count from fault_probe`.execute(
      database.db,
    );
    expect(rows.rows[0]?.count).toBe(0);
  }, 30_000);

  it('PostgreSQL down: 503 fast, alive, and recovers by itself', async () => {
    await pgServer.crash();

    const [res, ms] = await timed(bootstrap);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'Service temporarily unavailable.' });
    expect(ms).toBeLessThan(2_000);

    const [ready, readyMs] = await timed(() => app.inject({ url: '/ready' }));
    expect(ready.statusCode).toBe(503);
    expect(ready.json().checks).toEqual({ database: 'down', redis: 'up' });
    expect(readyMs).toBeLessThan(2_000);
    expect((await app.inject({ url: '/health' })).statusCode).toBe(200);

    await pgServer.start();
    await waitFor(async () => (await bootstrap()).statusCode === 200, 20_000);
    expect((await app.inject({ url: '/ready' })).statusCode).toBe(200);
  }, 40_000);

  it('Redis down: reads keep working, limits count in-process, and it heals when Redis returns', async () => {
    await services.cache.set('probe:stale', { v: 1 }, 60);
    const received: unknown[] = [];
    await services.pubsub.subscribe('probe-channel', (message) => received.push(message));
    await redis.stop();
    await waitFor(
      () =>
        services.ping(200).then(
          () => false,
          () => true,
        ),
      5_000,
    );

    const [res, ms] = await timed(bootstrap);
    expect(res.statusCode).toBe(200);
    expect(ms).toBeLessThan(2_000);
    for (let i = 0; i < 5; i += 1) expect((await bootstrap()).statusCode).toBe(200);

    const [ready, readyMs] = await timed(() => app.inject({ url: '/ready' }));
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'degraded', checks: { database: 'up', redis: 'down' } });
    expect(readyMs).toBeLessThan(2_000);

    // Rate limits still count, in this process.
    const first = await services.rateLimitStore.increment('probe-limit', 60_000);
    const second = await services.rateLimitStore.increment('probe-limit', 60_000);
    expect(second.current).toBe(first.current + 1);
    // The cache is bypassed; an invalidation made now is replayed when Redis returns.
    expect(await services.cache.get('probe:stale')).toBeUndefined();
    await services.cache.delete('probe:stale');
    // This replica's subscribers still hear what it publishes.
    await services.pubsub.publish('probe-channel', { during: 'outage' });
    await waitFor(async () => received.length === 1, 2_000);
    // One warning for the whole outage, not one per request.
    expect(warnings.filter((warning) => warning.includes('Redis unavailable'))).toHaveLength(1);

    await redis.start();
    await waitFor(async () => (await app.inject({ url: '/ready' })).json().status === 'ready', 20_000);
    expect((await bootstrap()).statusCode).toBe(200);
    // The restarted Redis is empty here, so prove the replay on a key written after the return.
    await services.cache.set('probe:after', { v: 2 }, 60);
    expect(await services.cache.get('probe:after')).toEqual({ v: 2 });
    // The subscriber re-subscribes by itself once its own connection is back.
    await waitFor(async () => {
      await services.pubsub.publish('probe-channel', { after: 'return' });
      return received.length >= 2;
    }, 10_000);
    expect(received[1]).toEqual({ after: 'return' });
  }, 40_000);
});
