import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TBenchmark, TContext } from '../harness/benchmark';
import { startCeiling } from '../harness/ceiling-server';
import { findSparePort } from '../harness/ports';
import { startServer, type TRunningServer } from '../harness/server-process';
import { median, type TPairedSample } from '../harness/stats';
import { apiTarget, startTarget } from '../harness/targets';
import { catalogueDatabase, FULL_CATALOGUE, psql, SMOKE_CATALOGUE, type TCatalogueSize } from './catalogue';
import { percentile } from './search';
import { startSqlCapture, type TQueryGroup } from './sql-capture';

/**
 * Issue 11: the insights read path and the plays write path on a 1M-track catalogue whose
 * plays (10M) exist only as daily roll-ups, the way insights read them.
 *
 * - `insights-12m`: p95 of `GET /api/v1/insights/artists/{id}?range=12m` for a busy artist (its
 *   tracks played every day of the year on several devices, sources, countries) against a
 *   Fastify twin replaying the same SQL through raw `pg`; absolute goal p95 <= 100 ms.
 * - `plays-write`: `POST /api/v1/tracks/{id}/plays` (a counted play: the row, the counters and
 *   the three roll-ups) req/s against a twin running the same statements through raw `pg`.
 */
const P95_GOAL_MS = 100;
const XSRF = 'bench-xsrf-token';
const DAYS = 365;

type TFigures = {
  insights: { twin: number[]; ours: number[] };
  writes: { twin: number[]; ours: number[] };
  details: Record<string, unknown>;
};

/** Roll-ups worth `plays` plays over the last year, plus one busy artist; returns what was made. */
async function generatePlays(url: string, size: TCatalogueSize, log: (message: string) => void) {
  const started = performance.now();
  await psql(
    url,
    'truncate plays, play_daily, play_daily_dims, play_monthly_dims, play_daily_listeners, play_monthly_listeners',
  );
  // Every track is played on two days of the year, five plays each (1M tracks: 10M plays). The
  // product is a bigint: track ids past 20,505 times the larger prime overflow an int.
  await psql(
    url,
    `insert into play_daily (track_id, day, plays)
     select t, current_date - ((t::bigint * k) % ${DAYS})::int, sum(5)
     from generate_series(1, ${size.tracks}) t, (values (7919), (104729)) as m(k)
     group by 1, 2`,
  );
  await psql(
    url,
    `insert into play_daily_dims (track_id, day, dimension, value, plays)
     select d.track_id, d.day, x.dimension,
       (array['desktop','mobile','tablet','album','search','playlist','DE','US','FR'])[1 + x.shift + (d.track_id % 3)::int],
       d.plays
     from play_daily d, (values ('device', 0), ('source', 3), ('country', 6)) as x(dimension, shift)`,
  );
  await psql(
    url,
    `insert into play_daily_listeners (track_id, day, listener_hash)
     select track_id, day, md5(track_id::text || day::text) from play_daily`,
  );
  // The busy artist: the artist of track 1, each of its tracks played every day of the year by
  // ten listeners a day out of its 300 fans (fans come back), fans drawn from a public of 50,000.
  const artistId = Number(await psql(url, 'select artist_id from artist_track where track_id = 1'));
  const tracks = `select track_id from artist_track where artist_id = ${artistId}`;
  await psql(
    url,
    `insert into play_daily (track_id, day, plays)
     select t.track_id, current_date - g, 20 + (g % 7) from (${tracks}) t, generate_series(0, ${DAYS - 1}) g
     on conflict (track_id, day) do update set plays = excluded.plays`,
  );
  await psql(
    url,
    `insert into play_daily_dims (track_id, day, dimension, value, plays)
     select d.track_id, d.day, v.dimension, v.value, greatest(1, d.plays / v.share)
     from play_daily d,
       (values ('device','desktop',2), ('device','mobile',2), ('source','album',3), ('source','search',3),
               ('source','playlist',3), ('country','DE',3), ('country','US',3), ('country','FR',3),
               ('platform','linux',2), ('platform','ios',2), ('browser','chrome',2), ('browser','safari',2))
         as v(dimension, value, share)
     where d.track_id in (${tracks})
     on conflict (track_id, day, dimension, value) do update set plays = excluded.plays`,
  );
  await psql(
    url,
    `insert into play_daily_listeners (track_id, day, listener_hash)
     select d.track_id, d.day,
       md5(((d.track_id * 31 + (((d.day - date '2000-01-01') * 7 + l * 101) % 300)) % 50000)::text)
     from play_daily d, generate_series(1, 10) l where d.track_id in (${tracks})
     on conflict do nothing`,
  );
  // The monthly roll-up the write path keeps beside the daily one.
  await psql(
    url,
    `insert into play_monthly_dims (track_id, month, dimension, value, plays)
     select track_id, date_trunc('month', day)::date, dimension, value, sum(plays)
     from play_daily_dims group by 1, 2, 3, 4`,
  );
  await psql(
    url,
    `insert into play_monthly_listeners (track_id, month, listener_hash)
     select distinct track_id, date_trunc('month', day)::date, listener_hash from play_daily_listeners`,
  );
  await psql(
    url,
    'vacuum analyze play_daily, play_daily_dims, play_monthly_dims, play_daily_listeners, play_monthly_listeners',
  );
  const plays = Number(await psql(url, 'select sum(plays) from play_daily'));
  const artistTracks = Number(await psql(url, `select count(*) from (${tracks}) t`));
  const ms = Math.round(performance.now() - started);
  log(`insights: ${plays} plays rolled up (artist ${artistId}: ${artistTracks} tracks) in ${ms} ms`);
  return { artistId, plays, artistTracks, loadMs: ms };
}

/**
 * A session of the seeded admin, written straight into the database (a kept catalogue database
 * was seeded by an earlier run with another random password, so no login): the headers an
 * authenticated browser would send.
 */
async function adminSession(url: string, email: string): Promise<Record<string, string>> {
  const token = randomBytes(32).toString('base64url');
  const hash = createHash('sha256').update(token).digest('hex');
  await psql(
    url,
    `insert into sessions (id, user_id, expires_at)
     select '${hash}', id, now() + interval '1 day' from users where email = '${email.replaceAll("'", "''")}'`,
  );
  return { cookie: `cadence_session=${token}; XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF };
}

/** One client, request after request, for `seconds`: the latencies (ms). */
async function sequentialLatencies(url: string, headers: Record<string, string>, seconds: number) {
  const latencies: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  while (performance.now() < deadline) {
    const start = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
    latencies.push(performance.now() - start);
  }
  return latencies;
}

/** `clients` closed loops posting plays of ever new tracks for `seconds`: requests per second. */
async function writeThroughput(
  urlOf: (trackId: number) => string,
  headers: Record<string, string>,
  tracks: { next: () => number },
  seconds: number,
  clients = 8,
) {
  let done = 0;
  const body = JSON.stringify({ duration_played_ms: 60_000, source: 'album' });
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  async function client() {
    while (performance.now() < deadline) {
      const response = await fetch(urlOf(tracks.next()), {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body,
      });
      const text = await response.text();
      if (response.status !== 200 || !text.includes('"recorded":true'))
        throw new Error(`POST plays answered ${response.status}: ${text.slice(0, 200)}`);
      done += 1;
    }
  }
  await Promise.all(Array.from({ length: clients }, client));
  return done / ((performance.now() - started) / 1000);
}

function startTwin(
  context: TContext,
  name: 'raw-pg-album' | 'raw-pg-plays',
  url: string,
  env: Record<string, string>,
): Promise<TRunningServer> {
  return startCeiling(name, context.pinning, { DATABASE_URL: url, ...env });
}

const withPort = (url: string, port: number) => {
  const parsed = new URL(url);
  parsed.port = String(port);
  return parsed.toString();
};

async function measure(context: TContext): Promise<TFigures> {
  const size = context.mode.name === 'smoke' ? SMOKE_CATALOGUE : FULL_CATALOGUE;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cadence-bench-insights-'));
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
    const generated = await generatePlays(database.url, size, context.log);
    const insightsPath = `/api/v1/insights/artists/${generated.artistId}?range=12m`;
    // Capture one warm insights request and one counted play through a wire proxy.
    const proxy = await startSqlCapture();
    let insightsSql: TQueryGroup[];
    let playSql: TQueryGroup[];
    const capturedTrack = Math.floor(size.tracks / 2);
    try {
      const api = await startTarget(apiTarget(dataDir, withPort(database.url, proxy.port)), context.pinning);
      try {
        const headers = await adminSession(database.url, api.spec.env.ADMIN_EMAIL as string);
        await sequentialLatencies(`${api.baseUrl}${insightsPath}`, headers, 0.2);
        insightsSql = await proxy.capture(async () => {
          const response = await fetch(`${api.baseUrl}${insightsPath}`, { headers });
          if (response.status !== 200) throw new Error(`insights answered ${response.status}`);
          await response.arrayBuffer();
        });
        playSql = await proxy.capture(async () => {
          const response = await fetch(`${api.baseUrl}/api/v1/tracks/${capturedTrack}/plays`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify({ duration_played_ms: 60_000, source: 'album' }),
          });
          const text = await response.text();
          if (!text.includes('"recorded":true')) throw new Error(`the captured play answered ${text}`);
        });
      } finally {
        await api.stop();
      }
    } finally {
      await proxy.close();
    }
    const insightsFile = path.join(dataDir, 'insights-queries.json');
    const playsFile = path.join(dataDir, 'plays-queries.json');
    await writeFile(insightsFile, JSON.stringify(insightsSql));
    await writeFile(playsFile, JSON.stringify(playSql));
    context.log(
      `insights: one insights request runs ${insightsSql.flat().length} statements, one play ${playSql.flat().length}`,
    );

    const insightsTwin = await startTwin(context, 'raw-pg-album', database.url, {
      QUERIES_FILE: insightsFile,
    });
    servers.push(insightsTwin);
    const playsTwin = await startTwin(context, 'raw-pg-plays', database.url, {
      QUERIES_FILE: playsFile,
      CAPTURED_TRACK_ID: String(capturedTrack),
    });
    servers.push(playsTwin);
    const api = await startTarget(apiTarget(dataDir, database.url), context.pinning);
    servers.push(api);
    const headers = await adminSession(database.url, api.spec.env.ADMIN_EMAIL as string);

    // Each of our writes goes to a track not played in this run yet (the once-per-listen rule
    // answers a repeat without writing), starting after the captured one; the twin walks the same ids.
    const sequence = () => {
      let next = capturedTrack;
      return { next: () => 1 + (next++ % size.tracks) };
    };
    const ourTracks = sequence();
    const twinTracks = sequence();
    const figures: TFigures = {
      insights: { twin: [], ours: [] },
      writes: { twin: [], ours: [] },
      details: {},
    };
    const seconds = context.mode.measureSeconds;
    const pairs = context.mode.rounds * 2;
    for (let pair = 0; pair < pairs; pair++) {
      context.log(`insights: pair ${pair + 1}/${pairs}`);
      if (context.mode.warmupSeconds > 0)
        await sequentialLatencies(`${insightsTwin.baseUrl}/album`, {}, context.mode.warmupSeconds / 2);
      figures.insights.twin.push(
        percentile(await sequentialLatencies(`${insightsTwin.baseUrl}/album`, {}, seconds), 95),
      );
      if (context.mode.warmupSeconds > 0)
        await sequentialLatencies(`${api.baseUrl}${insightsPath}`, headers, context.mode.warmupSeconds / 2);
      figures.insights.ours.push(
        percentile(await sequentialLatencies(`${api.baseUrl}${insightsPath}`, headers, seconds), 95),
      );
      figures.writes.twin.push(
        await writeThroughput((id) => `${playsTwin.baseUrl}/plays/${id}`, {}, twinTracks, seconds),
      );
      figures.writes.ours.push(
        await writeThroughput(
          (id) => `${api.baseUrl}/api/v1/tracks/${id}/plays`,
          headers,
          ourTracks,
          seconds,
        ),
      );
    }
    figures.details = {
      catalogue: size,
      catalogueReused: database.isReused,
      rolledUpPlays: generated.plays,
      artistId: generated.artistId,
      artistTracks: generated.artistTracks,
      playsLoadMs: generated.loadMs,
      insightsPath,
      insightsStatements: insightsSql.flat().length,
      playStatements: playSql.flat().length,
      playSql: playSql.map((group) => group.map((query) => query.text)),
    };
    return figures;
  } finally {
    for (const server of servers.reverse()) await server.stop();
    await rm(dataDir, { recursive: true, force: true });
    await database.drop();
  }
}

let figures: Promise<TFigures> | undefined;
/** One catalogue, one capture and one set of servers feed both metrics. */
function insightsFigures(context: TContext): Promise<TFigures> {
  figures ??= measure(context);
  return figures;
}

const pairUp = (ceiling: number[], ours: number[]): TPairedSample[] =>
  ours.map((value, index) => ({ ceiling: ceiling[index] as number, ours: value }));

export const insights12m: TBenchmark = {
  name: 'insights-12m',
  expectedSeconds: { full: 360, smoke: 40 },
  group: 'insights',
  usesCatalogue: true,
  unit: 'ms',
  direction: 'ceiling-over-ours',
  goalRatio: 0.5,
  goalWords: `p95 of a 12-month artist insight (1M tracks, 10M rolled-up plays) <= ${P95_GOAL_MS} ms and <= 2x a raw-pg twin running the same SQL (see details)`,
  async run(context) {
    const all = await insightsFigures(context);
    const oursP95 = median(all.insights.ours);
    return {
      samples: pairUp(all.insights.twin, all.insights.ours),
      details: {
        ...all.details,
        p95Ms: all.insights,
        absoluteGoal: { oursMedianP95Ms: oursP95, goalMs: P95_GOAL_MS, pass: oursP95 <= P95_GOAL_MS },
      },
    };
  },
};

export const playsWrite: TBenchmark = {
  name: 'plays-write',
  expectedSeconds: { full: 360, smoke: 40 },
  group: 'insights',
  usesCatalogue: true,
  unit: 'req/s',
  direction: 'ours-over-ceiling',
  goalRatio: 0.5,
  goalWords:
    'POST /api/v1/tracks/{id}/plays with its roll-ups >= 0.5x a Fastify twin running the same statements via raw pg',
  async run(context) {
    const all = await insightsFigures(context);
    return {
      samples: pairUp(all.writes.twin, all.writes.ours),
      details: { playStatements: all.details.playStatements, playSql: all.details.playSql },
    };
  },
};

export const insightsBenchmarks: TBenchmark[] = [insights12m, playsWrite];
