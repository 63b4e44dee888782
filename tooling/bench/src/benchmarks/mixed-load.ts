import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { TBenchmark, TContext } from '../harness/benchmark';
import { runWrkScript, type TLoadResult } from '../harness/load-generator';
import { hasNginx, NGINX, startNginx } from '../harness/nginx';
import { findSparePort, LOOPBACK } from '../harness/ports';
import { startServer, type TRunningServer } from '../harness/server-process';
import type { TPairedSample } from '../harness/stats';
import { apiTarget } from '../harness/targets';
import { adminSession } from './admin-harness';
import { catalogueDatabase, FULL_CATALOGUE, psql, SMOKE_CATALOGUE } from './catalogue';
import { luaLines, MIX, mixedRequests, type TMixedRequest } from './mixed-mix';

const SCRIPT = fileURLToPath(new URL('./mixed-load.lua', import.meta.url));
/** Issue 16 item 7: 100 connections for 60 s; p99 under 250 ms with no errors. */
const CONNECTIONS = 100;
const SECONDS = { full: 60, smoke: 3 } as const;
const P99_GOAL_MS = 250;
const REQUEST_LINES = 5000;
const AUDIO_BYTES = 8 * 1024 * 1024;
/**
 * The machine's Redis (the api's cache and pub/sub), in a logical database of its own, emptied
 * before the run: cached answers of another run's database must not be served from this one.
 */
const REDIS_DB = 14;
const REDIS_URL = `redis://127.0.0.1:6379/${REDIS_DB}`;
const run = promisify(execFile);

type TMixedFigures = {
  single: TLoadResult;
  rssPeakMiB: number;
  one: number[];
  two: number[];
  details: Record<string, unknown>;
};

async function vmHwmMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmHWM:\s+(\d+) kB$/m.exec(status)?.[1] ?? 0) / 1024;
}

/** One request of each kind must answer 2xx before any load: a broken kind would only show as errors. */
export async function checkEveryKind(baseUrl: string, requests: readonly TMixedRequest[]): Promise<void> {
  for (const kind of Object.keys(MIX)) {
    const request = requests.find((candidate) => candidate.kind === kind);
    if (!request) continue;
    const response = await fetch(`${baseUrl}${request.path}`, {
      method: request.method,
      headers: request.headers,
      body: request.body === '' ? undefined : request.body,
    });
    await response.arrayBuffer();
    if (response.status < 200 || response.status >= 300)
      throw new Error(`mixed-load: ${kind} (${request.method} ${request.path}) answered ${response.status}`);
  }
}

async function measure(context: TContext): Promise<TMixedFigures> {
  const isSmoke = context.mode.name === 'smoke';
  const size = isSmoke ? SMOKE_CATALOGUE : FULL_CATALOGUE;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cadence-bench-mixed-'));
  const replicaSpec = async (label: string, url: string) => {
    const spec = apiTarget(dataDir, url).spec(await findSparePort());
    return { ...spec, label, env: { ...spec.env, REDIS_URL } };
  };
  const migrate = async (url: string) => {
    const first = await startServer(await replicaSpec('api (migrate + seed)', url), context.pinning, 120_000);
    await first.stop();
  };
  const servers: TRunningServer[] = [];
  const database = await catalogueDatabase(size, migrate, context.log).catch(async (error) => {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  });
  try {
    // The generated tracks have no audio: one track with a real file serves the range requests.
    await mkdir(path.join(dataDir, 'storage', 'bench'), { recursive: true });
    await writeFile(path.join(dataDir, 'storage', 'bench', 'mixed.mp3'), randomBytes(AUDIO_BYTES));
    const streamTrackId = Number.parseInt(
      await psql(
        database.url,
        `insert into tracks (name, slug, src, visibility) values ('Bench Mixed', 'bench-mixed', 'bench/mixed.mp3', 'public') returning id`,
      ),
      10,
    );
    const headers = await adminSession(database.url, 'bench@example.com');
    const requests = mixedRequests(
      {
        albums: size.albums,
        artists: size.artists,
        tracks: size.tracks,
        streamTrackId,
        streamBytes: AUDIO_BYTES,
        session: { cookie: headers.cookie as string, xsrf: headers['x-xsrf-token'] as string },
      },
      REQUEST_LINES,
    );
    const linesFile = path.join(dataDir, 'mixed-requests.tsv');
    await writeFile(linesFile, `${luaLines(requests)}\n`);

    await run('redis-cli', ['-h', LOOPBACK, '-n', String(REDIS_DB), 'flushdb']);
    const target = apiTarget(dataDir, database.url);
    const first = await startServer(
      await replicaSpec('api replica 1', database.url),
      context.pinning,
      target.startTimeoutMs,
    );
    servers.push(first);
    await checkEveryKind(first.baseUrl, requests);
    const load = (baseUrl: string, seconds: number) =>
      runWrkScript({
        url: baseUrl,
        seconds,
        connections: CONNECTIONS,
        pinning: context.pinning,
        script: SCRIPT,
        env: { MIXED_REQUESTS: linesFile },
      });

    context.log(
      `mixed-load: warm-up, then ${CONNECTIONS} connections for ${SECONDS[context.mode.name]} s on one replica`,
    );
    if (context.mode.warmupSeconds > 0) await load(first.baseUrl, context.mode.warmupSeconds);
    const single = await load(first.baseUrl, SECONDS[context.mode.name]);
    const rssPeakMiB = await vmHwmMiB(first.pid);
    context.log(
      `mixed-load: ${Math.round(single.requestsPerSecond)} req/s, p99 ${single.p99Ms.toFixed(1)} ms, ${single.non2xx} non-2xx, ${single.errors} socket errors, RSS peak ${rssPeakMiB.toFixed(1)} MiB`,
    );

    const figures: TMixedFigures = { single, rssPeakMiB, one: [], two: [], details: {} };
    if (hasNginx()) {
      const second = await startServer(
        await replicaSpec('api replica 2', database.url),
        context.pinning,
        target.startTimeoutMs,
      );
      servers.push(second);
      const [onePort, twoPort] = [await findSparePort(), await findSparePort()];
      const upstream = (name: string, replicas: TRunningServer[]) =>
        `  upstream ${name} { ${replicas.map((replica) => `server ${LOOPBACK}:${replica.spec.port};`).join(' ')} keepalive 64; }`;
      const front = (port: number, name: string) => `  server {
    listen ${LOOPBACK}:${port};
    location = /healthz { return 200 'ok'; }
    location / { proxy_pass http://${name}; proxy_http_version 1.1; proxy_set_header Connection ""; proxy_set_header Host $host; proxy_buffering off; }
  }`;
      const nginx = await startNginx(
        path.join(dataDir, 'nginx'),
        [
          upstream('one', [first]),
          upstream('two', [first, second]),
          front(onePort, 'one'),
          front(twoPort, 'two'),
        ].join('\n'),
        onePort,
        context.pinning,
      );
      servers.push(nginx);
      const oneUrl = `http://${LOOPBACK}:${onePort}`;
      const twoUrl = `http://${LOOPBACK}:${twoPort}`;
      await checkEveryKind(twoUrl, requests);
      if (context.mode.warmupSeconds > 0) await load(twoUrl, context.mode.warmupSeconds);
      const pairs = context.mode.rounds * 2;
      for (let pair = 0; pair < pairs; pair++) {
        context.log(
          `mixed-load-replicas: pair ${pair + 1}/${pairs}: one replica, two replicas (behind nginx)`,
        );
        figures.one.push((await load(oneUrl, context.mode.measureSeconds)).requestsPerSecond);
        figures.two.push((await load(twoUrl, context.mode.measureSeconds)).requestsPerSecond);
      }
    } else context.log(`mixed-load-replicas SKIPPED: ${NGINX} not found`);
    figures.details = {
      catalogue: size,
      catalogueCopyMs: Math.round(database.copyMs),
      connections: CONNECTIONS,
      seconds: SECONDS[context.mode.name],
      mix: MIX,
      redis: REDIS_URL,
      database: 'postgres (a copy of the catalogue template)',
    };
    return figures;
  } finally {
    for (const server of servers.reverse()) await server.stop();
    await rm(dataDir, { recursive: true, force: true });
    await database.drop();
  }
}

let figures: Promise<TMixedFigures> | undefined;
/** One catalogue copy and one set of replicas feed both mixed-load metrics. */
function mixedFigures(context: TContext): Promise<TMixedFigures> {
  figures ??= measure(context);
  return figures;
}

/** Catalogue copy, two api starts, a 60 s run, then six pairs of 10 s runs (smoke: 3 s, two pairs of 1 s). */
const MIXED_TIME = {
  expectedSeconds: { full: 240, smoke: 45 },
  group: 'mixed-load',
  usesCatalogue: true,
} as const;

export const mixedLoad: TBenchmark = {
  name: 'mixed-load',
  ...MIXED_TIME,
  unit: 'ms p99',
  direction: 'ceiling-over-ours',
  goalRatio: 1,
  goalWords: `a mixed listener workload (${Object.entries(MIX)
    .map(([kind, share]) => `${kind} ${share} %`)
    .join(
      ', ',
    )}; half signed in) with ${CONNECTIONS} connections on PostgreSQL + Redis: p99 <= ${P99_GOAL_MS} ms (ceiling = the budget) and no errors (any error counts as an infinite p99)`,
  async run(context) {
    const all = await mixedFigures(context);
    const errors = all.single.non2xx + all.single.errors;
    return {
      samples: [{ ceiling: P99_GOAL_MS, ours: errors > 0 ? Number.POSITIVE_INFINITY : all.single.p99Ms }],
      details: {
        ...all.details,
        requestsPerSecond: Math.round(all.single.requestsPerSecond),
        requests: all.single.requests,
        p50Ms: all.single.p50Ms,
        p99Ms: all.single.p99Ms,
        non2xx: all.single.non2xx,
        socketErrors: all.single.errors,
        rssPeakMiB: Math.round(all.rssPeakMiB * 10) / 10,
      },
    };
  },
};

export const mixedLoadReplicas: TBenchmark = {
  name: 'mixed-load-replicas',
  ...MIXED_TIME,
  unit: 'req/s',
  direction: 'ours-over-ceiling',
  goalRatio: 0,
  isReportOnly: true,
  goalWords:
    'the same mix through nginx: two api replicas (shared PostgreSQL and Redis) against one; both replicas share the server core on this 2-core machine',
  async run(context) {
    const all = await mixedFigures(context);
    const samples: TPairedSample[] = all.two.map((two, index) => ({
      ceiling: all.one[index] as number,
      ours: two,
    }));
    return { samples, details: { oneReplica: all.one, twoReplicas: all.two } };
  },
};

export const mixedLoadBenchmarks: TBenchmark[] = hasNginx() ? [mixedLoad, mixedLoadReplicas] : [mixedLoad];
