import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { TBenchmarkRun, TContext } from '../harness/benchmark';
import { track } from '../harness/children';
import { LOAD_CORE, pinned } from '../harness/cores';
import { findSparePort } from '../harness/ports';
import { startServer, type TRunningServer } from '../harness/server-process';
import { median, type TPairedSample } from '../harness/stats';
import { apiTarget, prepareApiData, startTarget } from '../harness/targets';
import { catalogueDatabase, psql, settleDatabase, type TCatalogueSize } from './catalogue';
import { percentile } from './search';
import { startSqlCapture, type TQueryGroup } from './sql-capture';

/**
 * Shared by the admin list benchmarks (issues 10 and 12): an admin table's p95 through the api
 * (one signed-in client, request after request) against pgbench running the SQL one request of
 * each case ran, captured on the wire (`sql-capture.ts`) and replayed with the bound values
 * written as literals.
 */
export const ADMIN_P95_GOAL_MS = 50;
const XSRF = 'bench-xsrf-token';

/** One request of the table: a label and its path (query string included). */
export type TAdminCase = { label: string; path: string };

type THeaders = Record<string, string>;

/** A session of the seeded admin written straight into the database: the headers a browser sends. */
export async function adminSession(url: string, email: string): Promise<THeaders> {
  const token = randomBytes(32).toString('base64url');
  const hash = createHash('sha256').update(token).digest('hex');
  await psql(
    url,
    `insert into sessions (id, user_id, expires_at)
     select '${hash}', id, now() + interval '1 day' from users where email = '${email.replaceAll("'", "''")}'`,
  );
  return { cookie: `cadence_session=${token}; XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF };
}

/** GET with a keep-alive agent: status and body. */
export function getJson(
  agent: http.Agent,
  url: string,
  headers: THeaders,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.once('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
      })
      .once('error', reject);
  });
}

const literal = (value: string | null) => (value === null ? 'null' : `'${value.replace(/'/g, "''")}'`);

/** The captured statements of one request with their bound values written as literals. */
export function inlineStatements(groups: TQueryGroup[]): string[] {
  return groups
    .flat()
    .map((query) =>
      query.text
        .replace(/\$(\d+)/g, (_, index: string) => literal(query.values[Number(index) - 1] ?? null))
        .trim(),
    );
}

/** One pgbench script (simple protocol): each statement ends with `;` (pgbench 10+ reads multi-line ones). */
export const pgbenchScript = (groups: TQueryGroup[]) =>
  inlineStatements(groups)
    .map((statement) => `${statement};`)
    .join('\n');

/**
 * Where the time goes: EXPLAIN ANALYZE of each captured statement (read-only ones; the plan's
 * execution time, and the plan itself when it took over a millisecond).
 */
export async function explainStatements(url: string, statements: string[]) {
  const explained: { statement: string; executionMs: number; plan?: string }[] = [];
  for (const statement of statements) {
    if (!/^(select|with)\b/i.test(statement)) continue;
    const plan = await psql(url, `explain (analyze, buffers) ${statement}`);
    const executionMs = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? Number.NaN);
    explained.push({ statement: statement.slice(0, 300), executionMs, ...(executionMs > 1 ? { plan } : {}) });
  }
  return explained;
}

/** pgbench, one client on the load core: latencies (ms) per script from its per-transaction log. */
export async function pgbenchLatenciesByScript(
  context: TContext,
  url: string,
  scripts: string[],
  seconds: number,
): Promise<number[][]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cadence-pgbench-admin-'));
  try {
    const files = await Promise.all(
      scripts.map(async (script, index) => {
        const file = path.join(dir, `script-${index}.sql`);
        await writeFile(file, script);
        return file;
      }),
    );
    const args = [
      '-n',
      '-c',
      '1',
      '-T',
      String(Math.max(1, Math.round(seconds))),
      '-l',
      `--log-prefix=${path.join(dir, 'log')}`,
      ...files.flatMap((file) => ['-f', file]),
      url,
    ];
    const [command, pinnedArgs] = pinned(context.pinning, LOAD_CORE, 'pgbench', args);
    await new Promise<void>((resolve, reject) => {
      const child = spawn(command, pinnedArgs, { stdio: ['ignore', 'ignore', 'pipe'], cwd: dir });
      track(child);
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      const timer = setTimeout(() => child.kill('SIGKILL'), (seconds + 15) * 1000);
      child.once('exit', (code) => {
        clearTimeout(timer);
        if (code === 0) resolve();
        else reject(new Error(`pgbench ended with ${code}: ${stderr.trim().slice(0, 500)}`));
      });
    });
    // Log lines: client_id transaction_no time_us script_no epoch epoch_us.
    const byScript: number[][] = scripts.map(() => []);
    for (const name of (await readdir(dir)).filter((file) => file.startsWith('log')))
      for (const line of (await readFile(path.join(dir, name), 'utf8')).split('\n')) {
        const fields = line.trim().split(/\s+/);
        if (fields.length >= 4) byScript[Number(fields[3])]?.push(Number(fields[2]) / 1000);
      }
    return byScript;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** One client cycling through the cases for `seconds`: latencies (ms) per case. */
async function apiLatenciesByCase(
  server: TRunningServer,
  cases: TAdminCase[],
  headers: THeaders,
  seconds: number,
): Promise<number[][]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const byCase: number[][] = cases.map(() => []);
  const until = performance.now() + seconds * 1000;
  try {
    for (let index = 0; performance.now() < until; index++) {
      const which = index % cases.length;
      const started = performance.now();
      const { status, body } = await getJson(agent, `${server.baseUrl}${cases[which]?.path}`, headers);
      if (status !== 200)
        throw new Error(`GET ${cases[which]?.path} answered ${status}: ${body.slice(0, 200)}`);
      byCase[which]?.push(performance.now() - started);
    }
    return byCase;
  } finally {
    agent.destroy();
  }
}

export type TAdminListSetup = {
  name: string;
  /** A migrated database holding the data set, and how to drop it (a kept one is not dropped). */
  database: { url: string; drop: () => Promise<void> };
  dataDir: string;
  /** The cases, worked out through the api (e.g. a deep keyset cursor), before the capture. */
  cases: (api: TRunningServer, headers: THeaders) => Promise<TAdminCase[]>;
  details: Record<string, unknown>;
  /** How the client signs in (default: the seeded admin's session cookie). */
  signIn?: (url: string, email: string) => Promise<THeaders>;
  /** Throws when a recorded answer is not what the case is about (default: a non-empty `pagination.data`). */
  checkAnswer?: (body: string, path: string) => void;
};

function nonEmptyPage(body: string, path: string) {
  const rows = (JSON.parse(body) as { pagination?: { data?: unknown[] } }).pagination?.data ?? [];
  if (rows.length === 0) throw new Error(`GET ${path} answered an empty page`);
}

type TCatalogueDatabase = Awaited<ReturnType<typeof catalogueDatabase>>;

/**
 * Runs `work` on a copy of the generated catalogue of `size`, migrated by one start of the api on
 * a fresh DATA_DIR; the copy and the directory are removed afterwards, whatever happens.
 */
export async function withCatalogue<T>(
  context: TContext,
  name: string,
  size: TCatalogueSize,
  work: (database: TCatalogueDatabase, dataDir: string) => Promise<T>,
): Promise<T> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `cadence-bench-${name}-`));
  try {
    const database = await catalogueDatabase(
      size,
      (url) => migrateWithApi(context, dataDir, url),
      context.log,
    );
    try {
      return await work(database, dataDir);
    } finally {
      await database.drop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * A migrated and seeded api of the benchmark's own on PostgreSQL (a DATA_DIR and a database, both
 * removed by `database.drop`): a copy of the run's template (targets.ts prepareApiData) instead of
 * a migrate + seed start on an empty database.
 */
export async function seededPostgresApi(
  context: TContext,
): Promise<{ dataDir: string; database: { url: string; drop: () => Promise<void> } }> {
  const data = await prepareApiData(context.pinning, 'postgres');
  if (data.databaseUrl === undefined) {
    await data.dispose();
    throw new Error('the postgres template gave no database');
  }
  return { dataDir: data.dataDir, database: { url: data.databaseUrl, drop: data.dispose } };
}

/** Migrates `url` with one start of the api on `dataDir` (the first start seeds roles and the admin). */
export async function migrateWithApi(context: TContext, dataDir: string, url: string): Promise<void> {
  const first = await startServer(
    { ...apiTarget(dataDir, url).spec(await findSparePort()), label: 'api (migrate + seed)' },
    context.pinning,
    120_000,
  );
  await first.stop();
}

const withPort = (url: string, port: number) => {
  const parsed = new URL(url);
  parsed.port = String(port);
  return parsed.toString();
};

/**
 * Captures each case's SQL, then alternates pgbench (ceiling) and the api (ours): each side runs
 * every case for the measured time; a sample is the p95 over all the side's requests.
 */
export async function measureAdminList(context: TContext, setup: TAdminListSetup): Promise<TBenchmarkRun> {
  const { database, dataDir } = setup;
  const signIn = setup.signIn ?? adminSession;
  const checkAnswer = setup.checkAnswer ?? nonEmptyPage;
  const proxy = await startSqlCapture();
  let cases: TAdminCase[];
  const scripts: string[] = [];
  const statements: number[] = [];
  const inlined: string[][] = [];
  try {
    const api = await startTarget(apiTarget(dataDir, withPort(database.url, proxy.port)), context.pinning);
    try {
      const headers = await signIn(database.url, api.spec.env.ADMIN_EMAIL as string);
      cases = await setup.cases(api, headers);
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        for (const item of cases) {
          // Warm (session cache, plans), then record one request.
          await getJson(agent, `${api.baseUrl}${item.path}`, headers);
          const groups = await proxy.capture(async () => {
            const { status, body } = await getJson(agent, `${api.baseUrl}${item.path}`, headers);
            if (status !== 200) throw new Error(`GET ${item.path} answered ${status}: ${body.slice(0, 200)}`);
            checkAnswer(body, item.path);
          });
          scripts.push(pgbenchScript(groups));
          inlined.push(inlineStatements(groups));
          statements.push(groups.flat().length);
        }
      } finally {
        agent.destroy();
      }
    } finally {
      await api.stop();
    }
  } finally {
    await proxy.close();
  }
  context.log(
    `${setup.name}: ${cases.map((c, i) => `${c.label} runs ${statements[i]} statements`).join(', ')}`,
  );

  // The set-up (the data set's copy and its rows, the capture) is done: PostgreSQL's own work on it
  // is finished before the measured part, which counts the machine's other work from here.
  const settleMs = await settleDatabase(database.url, context.log);
  context.startMeasuring?.();

  const api = await startTarget(apiTarget(dataDir, database.url), context.pinning);
  try {
    const headers = await signIn(database.url, api.spec.env.ADMIN_EMAIL as string);
    const seconds = context.mode.measureSeconds;
    if (context.mode.warmupSeconds > 0)
      await pgbenchLatenciesByScript(context, database.url, scripts, context.mode.warmupSeconds);
    if (context.mode.warmupSeconds > 0)
      await apiLatenciesByCase(api, cases, headers, context.mode.warmupSeconds);
    const perCase = cases.map(() => ({ ceiling: [] as number[], ours: [] as number[] }));
    const samples: TPairedSample[] = [];
    const pairs = context.mode.rounds * 2;
    for (let pair = 0; pair < pairs; pair++) {
      context.log(`${setup.name}: pair ${pair + 1}/${pairs}`);
      const ceiling = await pgbenchLatenciesByScript(context, database.url, scripts, seconds);
      const ours = await apiLatenciesByCase(api, cases, headers, seconds);
      cases.forEach((_, index) => {
        perCase[index]?.ceiling.push(percentile(ceiling[index] ?? [], 95));
        perCase[index]?.ours.push(percentile(ours[index] ?? [], 95));
      });
      samples.push({ ceiling: percentile(ceiling.flat(), 95), ours: percentile(ours.flat(), 95) });
    }
    const explain: Awaited<ReturnType<typeof explainStatements>>[] = [];
    for (const item of inlined) explain.push(await explainStatements(database.url, item));
    const oursP95 = median(samples.map((sample) => sample.ours));
    const ceilingP95 = median(samples.map((sample) => sample.ceiling));
    return {
      samples,
      details: {
        ...setup.details,
        settleMs,
        cases: cases.map((item, index) => ({
          ...item,
          statements: statements[index],
          explain: explain[index],
          p95Ms: perCase[index],
          medianP95Ms: {
            ours: median(perCase[index]?.ours ?? []),
            pgbench: median(perCase[index]?.ceiling ?? []),
          },
        })),
        pgbenchScripts: scripts,
        absoluteGoal: {
          oursMedianP95Ms: oursP95,
          goalMs: ADMIN_P95_GOAL_MS,
          pass: oursP95 <= ADMIN_P95_GOAL_MS,
        },
        allowanceGoal: { pass: oursP95 <= 1.5 * ceilingP95, formula: 'ours p95 <= 1.5x pgbench p95' },
        note: 'pgbench runs the statements of a request one after another; the api runs its count and page together',
      },
    };
  } finally {
    await api.stop();
  }
}
