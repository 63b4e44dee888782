import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { alternate } from '../harness/alternate';
import type { TBenchmark, TContext } from '../harness/benchmark';
import { track } from '../harness/children';
import { LOAD_CORE, pinned } from '../harness/cores';
import { findSparePort } from '../harness/ports';
import { startServer, type TRunningServer } from '../harness/server-process';
import { apiEntry, apiTarget, startTarget } from '../harness/targets';
import { catalogueDatabase, FULL_CATALOGUE, SMOKE_CATALOGUE } from './catalogue';

/** What a listener types: prefixes, two-word prefixes and typos. */
const TERMS = ['midn', 'love', 'golden riv', 'beatls', 'electrc', 'sum', 'velvet sha', 'thundr'];
const SUGGESTION_LIMIT = 8;

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

type TSearchSqlModule = { suggestionsSql: () => string };
type TSearchTermsModule = {
  prefixTsQuery: (text: string) => string | null;
  trigramTerm: (text: string) => string;
};

/** The api's own source files (dependency-free): the twin runs the route's SQL text, not a copy. */
async function apiSearchModules(): Promise<{ sql: TSearchSqlModule; terms: TSearchTermsModule }> {
  const dir = path.join(path.dirname(path.dirname(apiEntry())), 'src', 'modules', 'search');
  const load = (file: string) => import(pathToFileURL(path.join(dir, file)).href);
  return { sql: await load('search-sql.ts'), terms: await load('search-terms.ts') };
}

/**
 * What `GET /api/v1/search/suggestions` sends for one term: the typeahead statement alone (no
 * transaction: the typo threshold is the server's default), with the bound parameters written
 * as literals (pgbench's simple protocol; the api's unnamed statements are planned with the
 * values too).
 */
function typeaheadScript(
  modules: { sql: TSearchSqlModule; terms: TSearchTermsModule },
  term: string,
): string {
  const params = [
    modules.terms.prefixTsQuery(term) ?? '',
    modules.terms.trigramTerm(term),
    String(SUGGESTION_LIMIT),
  ];
  const statement = modules.sql
    .suggestionsSql()
    .replace(/\$(\d)/g, (_, index: string) => quote(params[Number(index) - 1] as string));
  return `${statement};`;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** pgbench, one client, pinned to the load core; latencies (ms) from its per-transaction log. */
async function pgbenchLatencies(
  context: TContext,
  url: string,
  scripts: string[],
  seconds: number,
): Promise<number[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cadence-pgbench-'));
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
      String(seconds),
      '-l',
      `--log-prefix=${path.join(dir, 'log')}`,
      ...files.flatMap((f) => ['-f', f]),
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
    const { readdir } = await import('node:fs/promises');
    const logs = (await readdir(dir)).filter((name) => name.startsWith('log'));
    const latencies: number[] = [];
    for (const name of logs)
      for (const line of (await readFile(path.join(dir, name), 'utf8')).split('\n')) {
        const fields = line.trim().split(/\s+/);
        if (fields.length >= 3) latencies.push(Number(fields[2]) / 1000);
      }
    return latencies;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** One client, keep-alive, requests back to back: the latency a typing user sees. */
async function httpLatencies(server: TRunningServer, seconds: number): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  let index = 0;
  try {
    while (performance.now() < until) {
      const term = TERMS[index++ % TERMS.length] as string;
      const url = `${server.baseUrl}/api/v1/search/suggestions?query=${encodeURIComponent(term)}&limit=${SUGGESTION_LIMIT}`;
      const started = performance.now();
      const status = await new Promise<number>((resolve, reject) => {
        http
          .get(url, { agent }, (response) => {
            response.resume();
            response.once('end', () => resolve(response.statusCode ?? 0));
          })
          .once('error', reject);
      });
      if (status !== 200) throw new Error(`suggestions answered ${status}`);
      latencies.push(performance.now() - started);
    }
    return latencies;
  } finally {
    agent.destroy();
  }
}

/** Issue 4: typeahead on 1M tracks, ranked p95 <= 50 ms and <= 1.5x the same SQL in pgbench (+2 ms). */
export const searchTypeahead: TBenchmark = {
  name: 'search-typeahead',
  expectedSeconds: { full: 170, smoke: 30 },
  usesCatalogue: true,
  unit: 'ms p95',
  direction: 'ceiling-over-ours',
  goalRatio: 0.667,
  goalWords: 'endpoint p95 <= 1.5x pgbench p95 of the same SQL; absolute goal p95 <= 50 ms (see details)',
  async run(context) {
    const size = context.mode.name === 'smoke' ? SMOKE_CATALOGUE : FULL_CATALOGUE;
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cadence-bench-search-'));
    const migrate = async (url: string) => {
      const first = await startServer(
        { ...apiTarget(dataDir, url).spec(await findSparePort()), label: 'api (migrate + seed)' },
        context.pinning,
        120_000,
      );
      await first.stop();
    };
    const database = await catalogueDatabase(size, migrate, context.log).catch(async (error) => {
      await rm(dataDir, { recursive: true, force: true });
      throw error;
    });
    try {
      const target = apiTarget(dataDir, database.url);
      const loadMs = database.loadMs;
      const modules = await apiSearchModules();
      const scripts = TERMS.map((term) => typeaheadScript(modules, term));
      const server = await startTarget(target, context.pinning);
      try {
        const seconds = context.mode.measureSeconds;
        if (context.mode.warmupSeconds > 0)
          await pgbenchLatencies(context, database.url, scripts, context.mode.warmupSeconds);
        if (context.mode.warmupSeconds > 0) await httpLatencies(server, context.mode.warmupSeconds);
        const p95s = { ceiling: [] as number[], ours: [] as number[] };
        const samples = await alternate(context.mode.rounds * 2, async (side, pair) => {
          context.log(`search-typeahead: pair ${pair + 1}/${context.mode.rounds * 2} ${side}`);
          const latencies =
            side === 'ceiling'
              ? await pgbenchLatencies(context, database.url, scripts, seconds)
              : await httpLatencies(server, seconds);
          const p95 = percentile(latencies, 95);
          p95s[side].push(p95);
          return p95;
        });
        const oursP95 = percentile(p95s.ours, 50);
        const ceilingP95 = percentile(p95s.ceiling, 50);
        return {
          samples,
          details: {
            catalogue: size,
            catalogueLoadMs: Math.round(loadMs),
            catalogueReused: database.isReused,
            terms: TERMS,
            p95Ms: p95s,
            absoluteGoal: { oursMedianP95Ms: oursP95, goalMs: 50, pass: oursP95 <= 50 },
            allowanceGoal: { pass: oursP95 <= 1.5 * ceilingP95 + 2, formula: 'ours <= 1.5x pgbench + 2 ms' },
          },
        };
      } finally {
        await server.stop();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
      await database.drop();
    }
  },
};
