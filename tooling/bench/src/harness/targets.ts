import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, realpathSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { buildCeiling, PACKAGE_DIR } from './ceiling-build';
import type { TPinning } from './cores';
import { findSparePort, LOOPBACK } from './ports';
import { startServer, type TRunningServer, type TServerSpec } from './server-process';

/** A server under test: how to start it, when it is ready and which path to load. */
export type TTarget = {
  label: string;
  readyPath: string;
  loadPath: string;
  /** Spec for one start on a fresh spare port. */
  spec: (port: number) => TServerSpec;
  startTimeoutMs: number;
};

/** Children get only what they need: no DATABASE_URL or REDIS_URL leaking in from the shell. */
function baseEnv(port: number): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? os.tmpdir(),
    NODE_ENV: 'production',
    HOST: LOOPBACK,
    PORT: String(port),
  };
}

export async function helloFastifyTarget(label = 'hello-fastify'): Promise<TTarget> {
  const entry = await buildCeiling('hello-fastify');
  return {
    label,
    readyPath: '/',
    loadPath: '/',
    startTimeoutMs: 15_000,
    spec: (port) => ({
      label,
      command: process.execPath,
      args: [entry],
      cwd: PACKAGE_DIR,
      env: baseEnv(port),
      port,
      readyPath: '/',
    }),
  };
}

/** The api package, found through this package's `@cadence/api` dependency. */
function apiDir(): string {
  const link = path.join(PACKAGE_DIR, 'node_modules', '@cadence', 'api');
  return existsSync(link) ? realpathSync(link) : path.resolve(PACKAGE_DIR, '..', '..', 'apps', 'api');
}

/** The built api. */
export function apiEntry(): string {
  return path.join(apiDir(), 'dist', 'server.js');
}

/**
 * The embedded mode's second ceiling (ceilings/pglite-fastify.ts): a bare Fastify with an empty
 * PGlite of the api's own build, on a data directory initialised by one unmeasured start, as the
 * api's measured starts reuse theirs.
 */
export async function emptyPgliteTarget(
  pinning: TPinning,
): Promise<TTarget & { dispose: () => Promise<void> }> {
  const entry = await buildCeiling('pglite-fastify');
  const pglite = realpathSync(path.join(apiDir(), 'node_modules', '@electric-sql', 'pglite'));
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cadence-bench-pglite-'));
  const label = 'bare Fastify + empty PGlite';
  const target: TTarget = {
    label,
    readyPath: '/',
    loadPath: '/',
    startTimeoutMs: 60_000,
    spec: (port) => ({
      label,
      command: process.execPath,
      args: [entry],
      cwd: PACKAGE_DIR,
      env: {
        ...baseEnv(port),
        PGLITE_ENTRY: pathToFileURL(path.join(pglite, 'dist', 'index.js')).href,
        PGLITE_DATA_DIR: dataDir,
      },
      port,
      readyPath: '/',
    }),
  };
  const dispose = () => rm(dataDir, { recursive: true, force: true });
  try {
    const first = await startServer(
      { ...target.spec(await findSparePort()), label: `${label} (first start: initdb)` },
      pinning,
      FIRST_START_TIMEOUT_MS,
    );
    await first.stop();
  } catch (error) {
    await dispose();
    throw error;
  }
  return { ...target, dispose };
}

/**
 * A first start migrates and seeds; later starts must not pay for that one-off. It is a safety
 * net, not a figure: on a busy 2-core machine (a test run beside the smoke) it took over 120 s.
 */
const FIRST_START_TIMEOUT_MS = 300_000;

/** `embedded` is the default single-node mode (PGlite in DATA_DIR); `postgres` uses the local server. */
export type TDatabaseMode = 'embedded' | 'postgres';

export type TApiData = {
  dataDir: string;
  databaseUrl?: string;
  firstStartMs: number;
  dispose: () => Promise<void>;
};

const run = promisify(execFile);
/** The machine's shared PostgreSQL (trust auth); the bench creates and drops its own database there. */
const POSTGRES_ARGS = ['-h', LOOPBACK, '-p', '5432', '-U', 'postgres'];

/** An empty database, or a copy of `template` (which nobody may be connected to). */
async function createDatabase(
  template?: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `cadence_bench_${randomBytes(4).toString('hex')}`;
  const args = [...POSTGRES_ARGS, ...(template === undefined ? [] : ['--template', template]), name];
  // The template's last server has exited, but PostgreSQL may not have ended its backends yet.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await run('createdb', args);
      break;
    } catch (error) {
      const isBusy = String((error as { stderr?: string }).stderr).includes('being accessed by other users');
      if (!isBusy || attempt === 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  return {
    name,
    url: `postgres://postgres@${LOOPBACK}:5432/${name}`,
    drop: async () => {
      await run('dropdb', [...POSTGRES_ARGS, '--if-exists', '--force', name]);
    },
  };
}

/** The first start's migrated and seeded data, per database mode: what every later copy starts from. */
type TApiTemplate = {
  dataDir: string;
  databaseName?: string;
  firstStartMs: number;
  dispose: () => Promise<void>;
};
const templates = new Map<TDatabaseMode, Promise<TApiTemplate>>();

async function buildApiTemplate(pinning: TPinning, database: TDatabaseMode): Promise<TApiTemplate> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cadence-bench-template-'));
  const created = database === 'postgres' ? await createDatabase() : undefined;
  const dispose = async () => {
    await rm(dataDir, { recursive: true, force: true });
    await created?.drop();
  };
  try {
    const target = apiTarget(dataDir, created?.url);
    const server: TRunningServer = await startServer(
      { ...target.spec(await findSparePort()), label: 'api (first start: migrate + seed)' },
      pinning,
      FIRST_START_TIMEOUT_MS,
    );
    await server.stop();
    return { dataDir, databaseName: created?.name, firstStartMs: server.readyMs, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/**
 * A migrated and seeded api of its own for the caller (a DATA_DIR, and in `postgres` mode a
 * database): a copy of the run's one template, built by the first call with one start of the api
 * (migrate + seed, `firstStartMs`). Each benchmark used to pay that start itself (~20-45 s
 * embedded); a copy of the data directory and a `createdb --template` take a second or two.
 */
export async function prepareApiData(pinning: TPinning, database: TDatabaseMode): Promise<TApiData> {
  const entry = apiEntry();
  if (!existsSync(entry)) {
    throw new Error(`${entry} not found: build the api first (pnpm --filter @cadence/api build)`);
  }
  let template = templates.get(database);
  if (template === undefined) {
    template = buildApiTemplate(pinning, database);
    templates.set(database, template);
    // A failed build is not cached: the next benchmark tries again (and reports its own failure).
    template.catch(() => templates.delete(database));
  }
  const { dataDir: templateDir, databaseName, firstStartMs } = await template;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cadence-bench-'));
  const created = databaseName === undefined ? undefined : await createDatabase(databaseName);
  const dispose = async () => {
    await rm(dataDir, { recursive: true, force: true });
    await created?.drop();
  };
  try {
    await cp(templateDir, dataDir, { recursive: true });
    return { dataDir, databaseUrl: created?.url, firstStartMs, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/** Removes the templates (the end of a run). */
export async function disposeApiTemplates(): Promise<void> {
  const built = await Promise.allSettled([...templates.values()]);
  templates.clear();
  for (const entry of built) if (entry.status === 'fulfilled') await entry.value.dispose();
}

const ADMIN_PASSWORD = randomBytes(12).toString('hex');

/** `extraEnv`: settings a benchmark varies (e.g. `CATALOGUE_CACHE_SECONDS=0` for a cold catalogue). */
export function apiTarget(
  dataDir: string,
  databaseUrl?: string,
  extraEnv: Record<string, string> = {},
): TTarget {
  const entry = apiEntry();
  const label = databaseUrl === undefined ? 'api' : 'api (postgres)';
  return {
    label,
    readyPath: '/ready',
    loadPath: '/api/v1/bootstrap-data',
    startTimeoutMs: 60_000,
    spec: (port) => ({
      label,
      command: process.execPath,
      args: [...(process.env.BENCH_API_NODE_ARGS?.split(' ') ?? []), entry],
      cwd: path.dirname(path.dirname(entry)),
      env: {
        ...baseEnv(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ADMIN_EMAIL: 'bench@example.com',
        ADMIN_PASSWORD,
        // The limiter still runs on every request (its cost is part of the figure) but must not
        // answer 429 to a load generator sending thousands of requests a second from one address.
        RATE_LIMIT_MAX: '1000000000',
        ...(databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl }),
        ...extraEnv,
      },
      port,
      readyPath: '/ready',
    }),
  };
}

export async function startTarget(target: TTarget, pinning: TPinning): Promise<TRunningServer> {
  return startServer(target.spec(await findSparePort()), pinning, target.startTimeoutMs);
}
