import http from 'node:http';
import type { TBenchmark, TContext } from '../harness/benchmark';
import { ADMIN_P95_GOAL_MS, getJson, measureAdminList, withCatalogue } from './admin-harness';
import { CATALOGUE_GENRES, FULL_CATALOGUE, psql, type TCatalogueSize } from './catalogue';

/**
 * Issue 12: the admin tracks table `GET /api/v1/admin/tracks` on 1M tracks (search + genre
 * filter + sort by plays, the first page and a deep page reached through its keyset cursor),
 * p95 <= 1.5x pgbench running the same SQL, and <= 50 ms.
 */
const PER_PAGE = 25;
const SMOKE_TRACKS: TCatalogueSize = { artists: 200, albums: 2_000, tracks: 20_000 };
const SEARCH = 'night';
const GENRE = 'jazz';

/**
 * The catalogue's genres (catalogue.ts): a template holds them, so this only checks. A database
 * without them (`CADENCE_BENCH_CATALOGUE_URL` loaded by an older generator) gets them here; on 1M
 * tracks that rewrites every track (the links' trigger keeps `tracks.genre_ids`), minutes.
 */
export async function generateGenres(url: string, log: (message: string) => void) {
  const started = performance.now();
  const names = await psql(url, `select coalesce(string_agg(name, ',' order by id), '') from genres`);
  const linked = await psql(url, `select exists (select 1 from genreables where genreable_type = 'track')`);
  if (names === CATALOGUE_GENRES.join(',') && linked === 't') return 0;
  await psql(url, 'truncate genres restart identity cascade');
  await psql(
    url,
    `insert into genres (name, display_name) values ${CATALOGUE_GENRES.map((name) => `('${name}', '${name}')`).join(', ')}`,
  );
  const count = CATALOGUE_GENRES.length;
  await psql(
    url,
    `insert into genreables (genre_id, genreable_type, genreable_id)
     select 1 + id % ${count}, 'track', id from tracks
     union all select 1 + (id * 7) % ${count}, 'album', id from albums`,
  );
  await psql(url, 'vacuum analyze genres, genreables, tracks');
  const ms = Math.round(performance.now() - started);
  log(`admin-tracks: genres given to every track and album in ${ms} ms`);
  return ms;
}

export const adminTracks: TBenchmark = {
  name: 'admin-tracks',
  expectedSeconds: { full: 200, smoke: 30 },
  usesCatalogue: true,
  unit: 'ms p95',
  direction: 'ceiling-over-ours',
  goalRatio: 0.667,
  goalWords: `GET /api/v1/admin/tracks (search + genre + sort by plays, first page and a deep keyset page) p95 <= 1.5x pgbench p95 of the same SQL; absolute goal p95 <= ${ADMIN_P95_GOAL_MS} ms (see details)`,
  async run(context: TContext) {
    const isSmoke = context.mode.name === 'smoke';
    const size = isSmoke ? SMOKE_TRACKS : FULL_CATALOGUE;
    // The deep page: this many pages of 100 walked through `next_cursor` before it.
    const walk = isSmoke ? 1 : 40;
    return withCatalogue(context, 'admin-tracks', size, async (database, dataDir) => {
      const genresMs = await generateGenres(database.url, context.log);
      const list = (perPage: number, cursor?: string) =>
        `/api/v1/admin/tracks?query=${SEARCH}&genre=${encodeURIComponent(GENRE)}&orderBy=plays&orderDir=desc&perPage=${perPage}${cursor ? `&cursor=${cursor}` : ''}`;
      let deepRow = 0;
      let total = 0;
      return await measureAdminList(context, {
        name: 'admin-tracks',
        database,
        dataDir,
        cases: async (api, headers) => {
          const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
          let cursor: string | undefined;
          try {
            for (let step = 0; step < walk; step++) {
              const { status, body } = await getJson(agent, `${api.baseUrl}${list(100, cursor)}`, headers);
              if (status !== 200) throw new Error(`admin tracks answered ${status}: ${body.slice(0, 200)}`);
              const page = JSON.parse(body) as { pagination: { next_cursor: string | null; total: number } };
              total = page.pagination.total;
              if (!page.pagination.next_cursor) break;
              cursor = page.pagination.next_cursor;
              deepRow += 100;
            }
          } finally {
            agent.destroy();
          }
          if (!cursor) throw new Error('admin-tracks: the filter matches too few tracks for a deep page');
          return [
            { label: 'first page', path: list(PER_PAGE) },
            { label: `page after row ${deepRow}`, path: list(PER_PAGE, cursor) },
          ];
        },
        details: {
          catalogue: size,
          catalogueLoadMs: Math.round(database.loadMs),
          catalogueReused: database.isReused,
          genresLoadMs: genresMs,
          search: SEARCH,
          genre: GENRE,
          perPage: PER_PAGE,
          get deepRow() {
            return deepRow;
          },
          get matchingTotal() {
            return total;
          },
        },
      });
    });
  },
};
