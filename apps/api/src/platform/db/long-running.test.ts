import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateRuntime } from '../../runtime';
import { isEmbeddedTarget } from '../../test/test-app';
import type { Cache } from '../redis/services';
import { type DatabaseHandle, openDatabase } from './database';
import { withLongRunningConnection } from './long-running';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = isEmbeddedTarget
    ? await openDatabase({ embeddedDir: 'memory://' })
    : await openDatabase({ url: ADMIN_URL, embeddedDir: 'unused', poolMax: 1, statementTimeoutMs: 15_000 });
});
afterAll(async () => handle?.close());

const timeoutOf = async (db: DatabaseHandle['db']) =>
  (await sql<{ statement_timeout: string }>`show statement_timeout`.execute(db)).rows[0]?.statement_timeout;
const backendOf = async (db: DatabaseHandle['db']) =>
  (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]?.pid;

describe('withLongRunningConnection', () => {
  it.skipIf(isEmbeddedTarget)(
    "runs on a connection of its own, outside the pool's 15 s guard, and closes it after",
    async () => {
      const poolBackend = await backendOf(handle.db);
      const inside = await withLongRunningConnection(handle.db, async (db) => ({
        timeout: await timeoutOf(db),
        backend: await backendOf(db),
        // The pool's only connection stays free for requests meanwhile.
        poolAnswers: await sql<{ one: number }>`select 1 as one`.execute(handle.db),
      }));
      expect(inside.timeout).toBe('30min');
      expect(inside.backend).not.toBe(poolBackend);
      expect(inside.poolAnswers.rows).toEqual([{ one: 1 }]);
      expect(await timeoutOf(handle.db)).toBe('15s');
      // The server ends the backend a moment after the client hung up.
      await expect
        .poll(async () => {
          const { rows } = await sql<{ n: number }>`
            select count(*)::int as n from pg_stat_activity where pid = ${inside.backend}`.execute(handle.db);
          return rows[0]?.n;
        })
        .toBe(0);
    },
  );

  it.runIf(isEmbeddedTarget)('runs on the one PGlite connection as is', async () => {
    const answer = await withLongRunningConnection(handle.db, async (db) => {
      expect(db).toBe(handle.db);
      return (await sql<{ n: number }>`select 41 + 1 as n`.execute(db)).rows[0]?.n;
    });
    expect(answer).toBe(42);
  });

  it('hands back what the work threw', async () => {
    await expect(
      withLongRunningConnection(handle.db, async () => {
        throw new Error('the work failed');
      }),
    ).rejects.toThrow('the work failed');
  });

  it.skipIf(isEmbeddedTarget)(
    "runs the migrations outside the pool's guard: a big catalogue's backfill is not cut at 15 s",
    async () => {
      const name = `cadence_long_migrate_${process.pid}_${Date.now()}`;
      await sql`create database ${sql.id(name)}`.execute(handle.db);
      const url = new URL(ADMIN_URL);
      url.pathname = `/${name}`;
      // A pool whose guard no migration could pass: every statement of theirs must run elsewhere.
      const guarded = await openDatabase({
        url: url.toString(),
        embeddedDir: 'unused',
        statementTimeoutMs: 1,
      });
      try {
        const cache = { deletePrefix: async () => {} } as unknown as Cache;
        const applied = await migrateRuntime({ db: guarded.db, cache });
        expect(applied.length).toBeGreaterThan(50);
      } finally {
        await guarded.close();
        await sql`drop database ${sql.id(name)} with (force)`.execute(handle.db);
      }
    },
    120_000,
  );
});
