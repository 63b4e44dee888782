import type { TBenchmark, TContext } from '../harness/benchmark';
import { ADMIN_P95_GOAL_MS, measureAdminList, withCatalogue } from './admin-harness';
import { generateGenres } from './admin-tracks';
import { FULL_CATALOGUE, psql, SMOKE_CATALOGUE } from './catalogue';
import { subsonicApiKey } from './subsonic-stream';

/**
 * Issue 35: the Subsonic lists apps sync and browse with, on the 1M-track catalogue:
 * `getAlbumList2` of every type and `search3` (a word, and the empty query apps page through to
 * sync), p95 <= 1.5x pgbench running the same SQL (captured on the wire, the `apiKey` sign-in's
 * statements included) and <= 50 ms. One client, request after request, as the admin tables.
 */
const SIZE = 50;
const ALBUM_LIST_TYPES = [
  'random',
  'newest',
  'highest',
  'frequent',
  'recent',
  'alphabeticalByName',
  'alphabeticalByArtist',
  'starred',
  'byYear',
  'byGenre',
] as const;
const EXTRA: Partial<Record<(typeof ALBUM_LIST_TYPES)[number], string>> = {
  byYear: '&fromYear=1990&toYear=2000',
  byGenre: '&genre=jazz',
};
/** A word of the generated names (catalogue.ts WORDS). */
const SEARCH = 'night';
/** The admin's own plays and likes, so `recent`, `frequent` and `starred` list something. */
const PLAYS = 2_000;
const LIKES = 500;

/** A personal access token of the seeded admin, made once per database: Subsonic's `apiKey`. */
function apiKeySignIn() {
  const keys = new Map<string, string>();
  return {
    keyOf: (url: string) => keys.get(url) ?? '',
    async signIn(url: string, email: string) {
      if (!keys.has(url)) keys.set(url, await subsonicApiKey(url, email));
      return {};
    },
  };
}

/** The admin's listening: plays of spread tracks over the last month, likes of albums. */
export async function generateListening(url: string, tracks: number, albums: number) {
  await psql(
    url,
    `insert into plays (track_id, user_id, played_at, duration_played_ms)
     select 1 + (g * 7919) % ${tracks}, (select id from users where email = 'bench@example.com'), now() - (g || ' minutes')::interval, 60000
     from generate_series(1, ${PLAYS}) g`,
  );
  await psql(
    url,
    `insert into likes (user_id, likeable_type, likeable_id)
     select (select id from users where email = 'bench@example.com'), 'album', 1 + (g * 104729) % ${albums}
     from generate_series(1, ${LIKES}) g on conflict do nothing`,
  );
  await psql(url, 'vacuum analyze plays, likes');
}

/** A Subsonic answer that failed, or a list that should have rows and has none, fails the run. */
function checkSubsonic(body: string, requestPath: string) {
  const answer = (JSON.parse(body) as { 'subsonic-response'?: Record<string, unknown> })['subsonic-response'];
  if (answer?.status !== 'ok') throw new Error(`${requestPath} failed: ${body.slice(0, 300)}`);
  const list = (answer.albumList2 ?? answer.searchResult3) as Record<string, unknown[]> | undefined;
  const rows = Object.values(list ?? {}).flat().length;
  if (rows === 0) throw new Error(`${requestPath} answered an empty list`);
}

export const subsonicLists: TBenchmark = {
  name: 'subsonic-lists',
  expectedSeconds: { full: 260, smoke: 30 },
  usesCatalogue: true,
  unit: 'ms p95',
  direction: 'ceiling-over-ours',
  goalRatio: 0.667,
  goalWords: `Subsonic getAlbumList2 (every type) and search3 (a word, and the empty query) p95 <= 1.5x pgbench p95 of the same SQL; absolute goal p95 <= ${ADMIN_P95_GOAL_MS} ms (see details)`,
  async run(context: TContext) {
    const size = context.mode.name === 'smoke' ? SMOKE_CATALOGUE : FULL_CATALOGUE;
    return withCatalogue(context, 'subsonic-lists', size, async (database, dataDir) => {
      const genresMs = await generateGenres(database.url, context.log);
      await generateListening(database.url, size.tracks, size.albums);
      const auth = apiKeySignIn();
      const rest = (method: string, query: string) =>
        `/rest/${method}.view?v=1.16.1&c=bench&f=json&apiKey=${auth.keyOf(database.url)}&${query}`;
      return await measureAdminList(context, {
        name: 'subsonic-lists',
        database,
        dataDir,
        signIn: auth.signIn,
        checkAnswer: checkSubsonic,
        cases: async () => [
          ...ALBUM_LIST_TYPES.map((type) => ({
            label: `getAlbumList2 ${type}`,
            path: rest('getAlbumList2', `type=${type}&size=${SIZE}${EXTRA[type] ?? ''}`),
          })),
          {
            label: `search3 "${SEARCH}"`,
            path: rest('search3', `query=${SEARCH}&songCount=${SIZE}&albumCount=20&artistCount=20`),
          },
          {
            label: 'search3 "" (sync page 2)',
            path: rest('search3', `query=&songCount=500&songOffset=500&albumCount=0&artistCount=0`),
          },
        ],
        details: {
          catalogue: size,
          catalogueLoadMs: Math.round(database.loadMs),
          catalogueReused: database.isReused,
          genresLoadMs: genresMs,
          adminPlays: PLAYS,
          adminAlbumLikes: LIKES,
          size: SIZE,
          note: 'each request signs in with apiKey (a personal access token): its statements are in both sides',
        },
      });
    });
  },
};
