import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import type { TBenchmark, TContext } from '../harness/benchmark';
import { findSparePort } from '../harness/ports';
import { startServer } from '../harness/server-process';
import type { TPairedSample } from '../harness/stats';
import { apiEntry, apiTarget } from '../harness/targets';
import { truncateCascadeSql } from '../harness/truncate-catalogue';
import { captureAlbumSql } from './album-route';
import {
  createBenchDatabase,
  generateCatalogue,
  psql,
  SMOKE_CATALOGUE,
  type TCatalogueSize,
} from './catalogue';
import type { TQueryGroup } from './sql-capture';

/** PGlite loads rows through COPY from a blob in this process: a tenth of the 1M catalogue keeps that to seconds. */
const FULL_SIZE: TCatalogueSize = { artists: 2_000, albums: 10_000, tracks: 100_000 };
const COPIED_TABLES = ['artists', 'albums', 'album_artist', 'tracks', 'artist_track'];
const TERMS = ['midn', 'golden riv', 'beatls', 'sum'];

type TQuery = { text: string; values: (string | null)[] };
/** One single-client unit of work: statements in order; `isTransaction` wraps them in begin/commit. */
type TWorkload = { name: string; isTransaction: boolean; queries: TQuery[] };
type TRunner = (query: TQuery) => Promise<unknown>;

const apiSrc = () => path.join(path.dirname(path.dirname(apiEntry())), 'src');

async function importFromApi(specifier: string) {
  const resolved = createRequire(path.join(apiSrc(), 'index.ts')).resolve(specifier);
  const esm = resolved.replace(/\.cjs$/, '.js');
  return import(pathToFileURL(existsSync(esm) ? esm : resolved).href);
}

async function searchWorkloads(): Promise<TWorkload[]> {
  const dir = path.join(apiSrc(), 'modules', 'search');
  const sqlModule = await import(pathToFileURL(path.join(dir, 'search-sql.ts')).href);
  const terms = await import(pathToFileURL(path.join(dir, 'search-terms.ts')).href);
  return TERMS.map((term) => ({
    name: `typeahead '${term}'`,
    isTransaction: false,
    queries: [
      {
        text: sqlModule.suggestionsSql() as string,
        values: [terms.prefixTsQuery(term) ?? '', terms.trigramTerm(term), '8'],
      },
    ],
  }));
}

async function runWorkload(run: TRunner, workload: TWorkload) {
  if (workload.isTransaction) await run({ text: 'begin', values: [] });
  for (const query of workload.queries) await run(query);
  if (workload.isTransaction) await run({ text: 'commit', values: [] });
}

/** Mean ms per workload over `seconds`, one client, back to back. */
async function meanMs(run: TRunner, workloads: TWorkload[], seconds: number): Promise<number> {
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  let count = 0;
  while (performance.now() < until) {
    await runWorkload(run, workloads[count % workloads.length] as TWorkload);
    count += 1;
  }
  return (performance.now() - started) / count;
}

type TPgliteFigures = { samples: TPairedSample[]; details: Record<string, unknown> };

async function measure(context: TContext): Promise<TPgliteFigures> {
  const size = context.mode.name === 'smoke' ? SMOKE_CATALOGUE : FULL_SIZE;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cadence-bench-pglite-'));
  const database = await createBenchDatabase();
  const client = new pg.Client({ connectionString: database.url });
  let pglite:
    | { query: TRunner; exec: (sql: string) => Promise<unknown>; close: () => Promise<void> }
    | undefined;
  try {
    const pgDir = path.join(dir, 'pg');
    const embeddedDir = path.join(dir, 'embedded');
    const migrate = async (dataDir: string, url?: string) => {
      const first = await startServer(
        { ...apiTarget(dataDir, url).spec(await findSparePort()), label: 'api (migrate + seed)' },
        context.pinning,
        120_000,
      );
      await first.stop();
    };
    await migrate(pgDir, database.url);
    await migrate(embeddedDir);
    await generateCatalogue(database.url, size, context.log);
    const albumId = Math.floor(size.albums * 0.37) + 1;
    const groups: TQueryGroup[] = await captureAlbumSql(
      context,
      pgDir,
      database.url,
      `/api/v1/albums/${albumId}?with=tracks,genres,tags`,
    );
    const workloads: TWorkload[] = [
      { name: `album ${albumId} page`, isTransaction: false, queries: groups.flat() },
      ...(await searchWorkloads()),
    ];

    const [{ PGlite }, { pg_trgm }, { unaccent }] = await Promise.all([
      importFromApi('@electric-sql/pglite'),
      importFromApi('@electric-sql/pglite/contrib/pg_trgm'),
      importFromApi('@electric-sql/pglite/contrib/unaccent'),
    ]);
    const started = performance.now();
    const lite = await PGlite.create(path.join(embeddedDir, 'db'), { extensions: { pg_trgm, unaccent } });
    pglite = {
      query: (query) => lite.query(query.text, query.values),
      exec: (statement) => lite.exec(statement),
      close: () => lite.close(),
    };
    await lite.exec(truncateCascadeSql([...COPIED_TABLES, 'genreables', 'taggables']));
    for (const table of COPIED_TABLES) {
      const text = await psql(database.url, `copy ${table} to stdout`);
      await lite.query(`copy ${table} from '/dev/blob'`, [], { blob: new Blob([`${text}\n`]) });
    }
    for (const table of ['artists', 'albums', 'tracks'])
      await lite.exec(
        `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`,
      );
    await lite.exec('vacuum analyze');
    context.log(
      `pglite-vs-postgres: PGlite loaded ${size.tracks} tracks in ${Math.round(performance.now() - started)} ms`,
    );

    await client.connect();
    const postgres: TRunner = (query) => client.query(query.text, query.values);
    // Same rows in both: compare one answer before timing anything.
    const [liteRows, pgRows] = [
      ((await pglite.query(workloads[0]?.queries.at(-1) as TQuery)) as { rows: unknown[] }).rows.length,
      ((await postgres(workloads[0]?.queries.at(-1) as TQuery)) as { rows: unknown[] }).rows.length,
    ];
    if (liteRows !== pgRows) throw new Error(`PGlite returned ${liteRows} rows, PostgreSQL ${pgRows}`);
    if (context.mode.warmupSeconds > 0) await meanMs(postgres, workloads, context.mode.warmupSeconds);
    if (context.mode.warmupSeconds > 0) await meanMs(pglite.query, workloads, context.mode.warmupSeconds);
    const samples: TPairedSample[] = [];
    const pairs = context.mode.rounds * 2;
    for (let pair = 0; pair < pairs; pair++) {
      context.log(`pglite-vs-postgres: pair ${pair + 1}/${pairs}`);
      const ceiling = await meanMs(postgres, workloads, context.mode.measureSeconds);
      const ours = await meanMs(pglite.query, workloads, context.mode.measureSeconds);
      samples.push({ ceiling, ours });
    }
    const perWorkload: Record<string, { postgresMs: number; pgliteMs: number }> = {};
    for (const workload of workloads)
      perWorkload[workload.name] = {
        postgresMs: await meanMs(postgres, [workload], Math.min(2, context.mode.measureSeconds)),
        pgliteMs: await meanMs(pglite.query, [workload], Math.min(2, context.mode.measureSeconds)),
      };
    return {
      samples,
      details: {
        catalogue: size,
        workloads: workloads.map((workload) => workload.name),
        perWorkloadMeanMs: perWorkload,
        note: 'both single-client from the harness process (pinned to the load core); PGlite in-process, PostgreSQL over loopback via pg',
      },
    };
  } finally {
    await client.end().catch(() => {});
    await pglite?.close().catch(() => {});
    await rm(dir, { recursive: true, force: true });
    await database.drop();
  }
}

export const pgliteVsPostgres: TBenchmark = {
  name: 'pglite-vs-postgres',
  expectedSeconds: { full: 170, smoke: 20 },
  unit: 'ms',
  direction: 'ceiling-over-ours',
  goalRatio: 0.333,
  goalWords: 'the same single-client queries (album page, typeahead) on PGlite <= 3x native PostgreSQL',
  run: measure,
};
