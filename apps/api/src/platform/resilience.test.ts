import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
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

/**
 * Private PostgreSQL and Redis processes on spare ports, killed and restarted under a live app.
 * The shared services on 5432/6379 are never touched.
 */
const PG_BIN = newestPostgresBin();

/** Debian and Ubuntu install server binaries per major version; use the newest one present. */
function newestPostgresBin(root = '/usr/lib/postgresql'): string {
  const majors = existsSync(root) ? readdirSync(root).filter((name) => /^\d+$/.test(name)) : [];
  const newest = majors.sort((a, b) => Number(b) - Number(a))[0] ?? '15';
  return `${root}/${newest}/bin`;
}
const isRoot = process.getuid?.() === 0;
const APP_KEY = 'resilience-app-key-0123456789abcdefghij';

function sparePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function asPostgres(command: string, args: string[]): [string, string[]] {
  return isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check().catch(() => false)) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`Condition not met within ${timeoutMs} ms`);
}

class PrivatePostgres {
  readonly dir = mkdtempSync(path.join(os.tmpdir(), 'cadence-pg-'));
  readonly dataDir = path.join(this.dir, 'data');
  constructor(readonly port: number) {
    if (isRoot) chownSync(this.dir, uidOf('postgres'), gidOf('postgres'));
    const [cmd, args] = asPostgres(`${PG_BIN}/initdb`, [
      '-D',
      this.dataDir,
      '-A',
      'trust',
      '-U',
      'postgres',
      '--no-sync',
    ]);
    execFileSync(cmd, args, { stdio: 'ignore' });
  }

  start(): ChildProcess {
    const [cmd, args] = asPostgres(`${PG_BIN}/postgres`, [
      '-D',
      this.dataDir,
      '-k',
      this.dir,
      '-p',
      String(this.port),
      '-h',
      '127.0.0.1',
      '-F',
      '-c',
      'max_connections=30',
    ]);
    return spawn(cmd, args, { stdio: 'ignore' });
  }

  /** SIGQUIT to the postmaster is PostgreSQL's "immediate shutdown": like a crash, no goodbyes. */
  kill() {
    const pid = Number(readFileSync(path.join(this.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(pid, 'SIGQUIT');
  }

  isRunning(): boolean {
    try {
      const pid = Number(readFileSync(path.join(this.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }

  cleanup() {
    if (this.isRunning()) this.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

function uidOf(user: string): number {
  return Number(execFileSync('id', ['-u', user]).toString().trim());
}
function gidOf(user: string): number {
  return Number(execFileSync('id', ['-g', user]).toString().trim());
}

function startRedis(port: number): ChildProcess {
  return spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
}

describe.skipIf(isEmbeddedTarget)('resilience against PostgreSQL and Redis outages', () => {
  let pgServer: PrivatePostgres;
  let redisPort: number;
  let redis: ChildProcess | undefined;
  let database: DatabaseHandle;
  let services: SharedServices;
  let app: FastifyInstance;
  let sessionCookie: string;
  const warnings: string[] = [];

  beforeAll(async () => {
    pgServer = new PrivatePostgres(await sparePort());
    pgServer.start();
    redisPort = await sparePort();
    redis = startRedis(redisPort);
    const url = `postgres://postgres@127.0.0.1:${pgServer.port}/postgres`;
    await waitFor(async () => {
      const probe = await openDatabase({ url, embeddedDir: 'unused' });
      try {
        await probe.ping(500);
        return true;
      } finally {
        await probe.close();
      }
    }, 15_000);
    database = await openDatabase({
      url,
      embeddedDir: 'unused',
      poolMax: 4,
      onPoolError: (e) => warnings.push(e.message),
    });
    await waitFor(async () => {
      services = await createRedisServices({
        url: `redis://127.0.0.1:${redisPort}`,
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
    redis?.kill('SIGKILL');
    pgServer?.cleanup();
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
  async function terminateAppConnections() {
    const killer = await openDatabase({
      url: `postgres://postgres@127.0.0.1:${pgServer.port}/postgres`,
      embeddedDir: 'unused',
      poolMax: 1,
    });
    try {
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
        where pid <> pg_backend_pid() and datname = current_database()`.execute(killer.db);
    } finally {
      await killer.close();
    }
  }

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
    pgServer.kill();
    await waitFor(async () => !pgServer.isRunning(), 10_000);

    const [res, ms] = await timed(bootstrap);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'Service temporarily unavailable.' });
    expect(ms).toBeLessThan(2_000);

    const [ready, readyMs] = await timed(() => app.inject({ url: '/ready' }));
    expect(ready.statusCode).toBe(503);
    expect(ready.json().checks).toEqual({ database: 'down', redis: 'up' });
    expect(readyMs).toBeLessThan(2_000);
    expect((await app.inject({ url: '/health' })).statusCode).toBe(200);

    pgServer.start();
    await waitFor(async () => (await bootstrap()).statusCode === 200, 20_000);
    expect((await app.inject({ url: '/ready' })).statusCode).toBe(200);
  }, 40_000);

  it('Redis down: reads keep working, limits count in-process, and it heals when Redis returns', async () => {
    await services.cache.set('probe:stale', { v: 1 }, 60);
    const received: unknown[] = [];
    await services.pubsub.subscribe('probe-channel', (message) => received.push(message));
    redis?.kill('SIGKILL');
    await new Promise((resolve) => redis?.once('exit', resolve));
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
    expect(ready.json()).toEqual({ status: 'degraded', checks: { database: 'up', redis: 'down' } });
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

    redis = startRedis(redisPort);
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
