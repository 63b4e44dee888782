import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import { LONG_RUNNING_STATEMENT_TIMEOUT_MS, registerLongRunning } from './long-running';
import { prepareRegisteredStatements } from './prepared-statements';
import type { Database } from './schema';

const require = createRequire(import.meta.url);

/**
 * `pg` asks at load whether it runs on Cloudflare Workers: from `navigator.userAgent` where the
 * runtime has a `navigator` (Node 21 and later), else by building a `Response`, which on Node 20
 * (the Dockerfile's) loads Node's whole fetch implementation (undici) for that one question:
 * ~45-85 ms and ~9 MiB of every PostgreSQL start. So it is loaded with the `navigator` Node 21
 * would show it, removed again before any other code runs (a `require` is synchronous).
 */
export function loadPg(): typeof import('pg') {
  if ('navigator' in globalThis) return require('pg');
  const major = process.versions.node.split('.')[0];
  Object.defineProperty(globalThis, 'navigator', {
    value: { userAgent: `Node.js/${major}` },
    configurable: true,
    writable: true,
  });
  try {
    return require('pg');
  } finally {
    delete (globalThis as { navigator?: unknown }).navigator;
  }
}

export type DatabaseOptions = {
  /** A `postgres://` URL, or undefined for the embedded PGlite. */
  url?: string;
  /** Folder of the embedded database; `memory://` keeps it in memory (tests). */
  embeddedDir: string;
  /** A `dumpDataDir()` tarball an in-memory embedded database starts from (tests' migrated template). */
  embeddedSnapshot?: Blob;
  poolMax?: number;
  statementTimeoutMs?: number;
  onPoolError?: (error: Error) => void;
};

export type DatabaseHandle = {
  db: Kysely<Database>;
  kind: 'postgres' | 'pglite';
  ping: (timeoutMs: number) => Promise<void>;
  close: () => Promise<void>;
  /** The embedded database's data directory as a tarball (`embeddedSnapshot` loads it). */
  snapshot?: () => Promise<Blob>;
};

// Each mode loads only its own driver: PGlite's module and WASM cost a PostgreSQL deployment
// start-up time and memory for nothing, and `pg` is useless to the embedded mode.
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.url
    ? openPostgres(options, options.url)
    : openPglite(options.embeddedDir, options.embeddedSnapshot);
}

async function openPostgres(options: DatabaseOptions, url: string): Promise<DatabaseHandle> {
  const pg = loadPg();
  // int8 (counts, sums) fits a JS number for every value this app stores.
  pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolMax ?? 10,
    // Opened connections stay open through quiet spells: a connection closed after idleTimeoutMillis
    // takes its prepared statements and the backend's warm caches with it, so the first search
    // after 30 s of quiet opened seven connections and parsed and planned 14 statements afresh
    // (88 ms against 8-13 ms warm, busy machine; issue 33's idle 59 ms). Only connections above
    // `min` are closed when idle; none are opened before they are needed.
    min: options.poolMax ?? 10,
    // Fail fast when the server is gone instead of queueing requests behind a dead socket.
    connectionTimeoutMillis: 2_000,
    idleTimeoutMillis: 30_000,
    statement_timeout: options.statementTimeoutMs ?? 15_000,
    query_timeout: (options.statementTimeoutMs ?? 15_000) + 1_000,
    keepAlive: true,
  });
  // pg-pool listens for 'error' only while a client sits idle: it removes that listener when a
  // client is checked out (a transaction, or the moment between acquire and query), so a
  // server restart or pg_terminate_backend at that moment is an unhandled 'error' event that
  // ends the process (brianc/node-postgres#2762). Every client gets its own listener for life;
  // the broken client is not queryable, so its next query fails (answered 503) and the pool
  // drops it on release instead of reusing it.
  pool.on('connect', (client) => {
    client.on('error', (error) => options.onPoolError?.(error));
    prepareRegisteredStatements(client as unknown as Parameters<typeof prepareRegisteredStatements>[0]);
  });
  // The idle listener's report duplicates the client's own: nothing more to do here, but the
  // pool's 'error' event must have a listener too.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  registerLongRunning(db, async (work) => {
    // One connection outside the pool: the pool's timeouts stay as they are for requests.
    const own = new pg.Pool({
      connectionString: url,
      max: 1,
      connectionTimeoutMillis: 10_000,
      statement_timeout: LONG_RUNNING_STATEMENT_TIMEOUT_MS,
      keepAlive: true,
    });
    own.on('connect', (client) => client.on('error', (error) => options.onPoolError?.(error)));
    own.on('error', () => {});
    const longDb = new Kysely<Database>({ dialect: new PostgresDialect({ pool: own }) });
    try {
      return await work(longDb);
    } finally {
      await longDb.destroy();
    }
  });
  return {
    db,
    kind: 'postgres',
    ping: (timeoutMs) =>
      withTimeout(
        sql`select 1`.execute(db).then(() => undefined),
        timeoutMs,
      ),
    close: () => db.destroy(),
  };
}

async function openPglite(dir: string, snapshot?: Blob): Promise<DatabaseHandle> {
  if (dir !== 'memory://') await mkdir(dir, { recursive: true });
  const [{ PGlite }, { pg_trgm }, { unaccent }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/unaccent'),
  ]);
  const pglite = await PGlite.create(dir === 'memory://' ? undefined : dir, {
    extensions: { pg_trgm, unaccent },
    ...(snapshot ? { loadDataDir: snapshot } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  // PGlite is one connection without timeouts: long work runs on it as is.
  registerLongRunning(db, (work) => work(db));
  return {
    db,
    kind: 'pglite',
    ping: (timeoutMs) =>
      withTimeout(
        sql`select 1`.execute(db).then(() => undefined),
        timeoutMs,
      ),
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
    snapshot: () => pglite.dumpDataDir('none'),
  };
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
