import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TBenchmark, TContext } from '../harness/benchmark';
import { startCeiling } from '../harness/ceiling-server';
import { findSparePort } from '../harness/ports';
import { probe, startServer, type TRunningServer } from '../harness/server-process';
import { median, type TPairedSample } from '../harness/stats';
import { apiTarget, startTarget } from '../harness/targets';
import { measureThroughput } from '../harness/throughput';
import { catalogueDatabase, FULL_CATALOGUE, SMOKE_CATALOGUE } from './catalogue';
import { fixedRateLatencies } from './fixed-rate';
import { percentile } from './search';
import { startSqlCapture, type TQueryGroup } from './sql-capture';

/** What the player's album page asks for (apps/player/src/features/catalogue/catalogue-queries.ts). */
const ALBUM_QUERY = 'with=tracks,genres,tags';
const P95_GOAL_MS = 25;

type TAlbumFigures = {
  twin: number[];
  ours: number[];
  hello: number[];
  /** Ours with the catalogue cache on (the default), after its first request warmed the page. */
  warm: number[];
  p95: { rate: number; twin: number[]; ours: number[] };
  details: Record<string, unknown>;
};

const withPort = (url: string, port: number) => {
  const parsed = new URL(url);
  parsed.port = String(port);
  return parsed.toString();
};

/**
 * The catalogue cache off: every album request runs its SQL (the cold path the twin replays). With
 * the cache on, a warm album page asks the database nothing.
 */
const COLD = { CATALOGUE_CACHE_SECONDS: '0' };

/** Runs one api request through a wire proxy and keeps the statements of the second (warm) one. */
export async function captureAlbumSql(context: TContext, dataDir: string, url: string, albumPath: string) {
  const proxy = await startSqlCapture();
  try {
    // Uncached: the second request's statements are the route's SQL, not a cache hit's none.
    const target = apiTarget(dataDir, withPort(url, proxy.port), COLD);
    const api = await startTarget(target, context.pinning);
    try {
      const status = await probe(`${api.baseUrl}${albumPath}`);
      if (status !== 200)
        throw new Error(`GET ${albumPath} answered ${status} (is music.view granted to guests?)`);
      const groups = await proxy.capture(async () => {
        await probe(`${api.baseUrl}${albumPath}`);
      });
      if (groups.length === 0) throw new Error('no SQL captured for the album request');
      return groups;
    } finally {
      await api.stop();
    }
  } finally {
    await proxy.close();
  }
}

function startTwin(context: TContext, url: string, queriesFile: string): Promise<TRunningServer> {
  return startCeiling('raw-pg-album', context.pinning, { DATABASE_URL: url, QUERIES_FILE: queriesFile });
}

async function measure(context: TContext): Promise<TAlbumFigures> {
  const size = context.mode.name === 'smoke' ? SMOKE_CATALOGUE : FULL_CATALOGUE;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cadence-bench-album-'));
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
  const servers: TRunningServer[] = [];
  try {
    const albumId = Math.floor(size.albums * 0.37) + 1;
    const albumPath = `/api/v1/albums/${albumId}?${ALBUM_QUERY}`;
    const groups: TQueryGroup[] = await captureAlbumSql(context, dataDir, database.url, albumPath);
    const queriesFile = path.join(dataDir, 'album-queries.json');
    await writeFile(queriesFile, JSON.stringify(groups));
    context.log(
      `album-route: one request runs ${groups.flat().length} statements in ${groups.length} round trips`,
    );
    const twin = await startTwin(context, database.url, queriesFile);
    servers.push(twin);
    const api = await startTarget(apiTarget(dataDir, database.url, COLD), context.pinning);
    servers.push(api);
    const warm = await startTarget(apiTarget(dataDir, database.url), context.pinning);
    servers.push(warm);
    const hello = await startTarget(await context.ceiling(), context.pinning);
    servers.push(hello);

    const figures: TAlbumFigures = {
      twin: [],
      ours: [],
      hello: [],
      warm: [],
      p95: { rate: 0, twin: [], ours: [] },
      details: {},
    };
    const pairs = context.mode.rounds * 2;
    for (let pair = 0; pair < pairs; pair++) {
      context.log(`album-route: round ${pair + 1}/${pairs} twin, ours, hello`);
      figures.twin.push((await measureThroughput(context, twin, '/album')).requestsPerSecond);
      figures.ours.push((await measureThroughput(context, api, albumPath)).requestsPerSecond);
      figures.hello.push((await measureThroughput(context, hello, '/')).requestsPerSecond);
      figures.warm.push((await measureThroughput(context, warm, albumPath)).requestsPerSecond);
    }
    // Latency at half of OUR max load (cold: the same SQL as the twin), the same offered rate for both.
    const rate = Math.max(10, Math.round(median(figures.ours) / 2));
    figures.p95.rate = rate;
    for (let pair = 0; pair < pairs; pair++) {
      context.log(`album-route: p95 at ${rate} req/s, pair ${pair + 1}/${pairs}`);
      const seconds = context.mode.measureSeconds;
      figures.p95.twin.push(percentile(await fixedRateLatencies(`${twin.baseUrl}/album`, rate, seconds), 95));
      figures.p95.ours.push(
        percentile(await fixedRateLatencies(`${api.baseUrl}${albumPath}`, rate, seconds), 95),
      );
    }
    figures.details = {
      catalogue: size,
      catalogueLoadMs: Math.round(database.loadMs),
      catalogueReused: database.isReused,
      albumPath,
      statements: groups.flat().length,
      roundTrips: groups.length,
      sql: groups.map((group) => group.map((query) => query.text)),
    };
    return figures;
  } finally {
    for (const server of servers.reverse()) await server.stop();
    await rm(dataDir, { recursive: true, force: true });
    await database.drop();
  }
}

let figures: Promise<TAlbumFigures> | undefined;
/** One catalogue, one capture and one set of servers feed the three album metrics. */
function albumFigures(context: TContext): Promise<TAlbumFigures> {
  figures ??= measure(context);
  return figures;
}

const pairUp = (ceiling: number[], ours: number[]): TPairedSample[] =>
  ours.map((value, index) => ({ ceiling: ceiling[index] as number, ours: value }));

export const albumRouteVsTwin: TBenchmark = {
  name: 'album-route',
  expectedSeconds: { full: 420, smoke: 40 },
  group: 'album',
  usesCatalogue: true,
  unit: 'req/s',
  direction: 'ours-over-ceiling',
  goalRatio: 0.9,
  goalWords:
    'GET /api/v1/albums/{id}?with=tracks,genres,tags, catalogue cache off, >= 0.9x a Fastify twin running the same SQL via raw pg',
  async run(context) {
    const all = await albumFigures(context);
    return { samples: pairUp(all.twin, all.ours), details: all.details };
  },
};

export const albumRouteVsHello: TBenchmark = {
  name: 'album-route-vs-hello',
  expectedSeconds: { full: 420, smoke: 40 },
  group: 'album',
  usesCatalogue: true,
  unit: 'req/s',
  direction: 'ours-over-ceiling',
  goalRatio: 0.25,
  goalWords: 'the album route on a warm catalogue cache >= 0.25x a bare Fastify hello-world',
  async run(context) {
    const all = await albumFigures(context);
    return {
      samples: pairUp(all.hello, all.warm),
      details: { albumPath: all.details.albumPath, cache: 'warm' },
    };
  },
};

export const albumRouteP95: TBenchmark = {
  name: 'album-route-p95',
  expectedSeconds: { full: 420, smoke: 40 },
  group: 'album',
  usesCatalogue: true,
  unit: 'ms',
  direction: 'ceiling-over-ours',
  goalRatio: 0.5,
  goalWords: `p95 at 50 % of our max load, cache off, <= 2x the twin's at the same rate, and <= ${P95_GOAL_MS} ms (see details)`,
  async run(context) {
    const all = await albumFigures(context);
    const oursP95 = median(all.p95.ours);
    return {
      samples: pairUp(all.p95.twin, all.p95.ours),
      details: {
        ratePerSecond: all.p95.rate,
        p95Ms: all.p95,
        absoluteGoal: { oursMedianP95Ms: oursP95, goalMs: P95_GOAL_MS, pass: oursP95 <= P95_GOAL_MS },
      },
    };
  },
};

export const albumBenchmarks: TBenchmark[] = [albumRouteVsTwin, albumRouteVsHello, albumRouteP95];
