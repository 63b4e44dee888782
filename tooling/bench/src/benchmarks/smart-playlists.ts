import type { TSmartRules } from '@cadence/contracts/smart-playlist';
import type { TBenchmark, TContext } from '../harness/benchmark';
import { ADMIN_P95_GOAL_MS, measureAdminList, withCatalogue } from './admin-harness';
import { generateGenres } from './admin-tracks';
import { FULL_CATALOGUE, SMOKE_CATALOGUE } from './catalogue';
import { generateListening } from './subsonic-lists';

/**
 * Issue 37: a 5-rule smart playlist over the 1M-track catalogue, evaluated on open (`GET
 * /api/v1/playlists/:id?with=tracks`), p95 <= 50 ms and <= 1.5x pgbench running the same SQL
 * (captured on the wire: the session, the playlist and the rules' one statement). Two
 * playlists: catalogue rules only, and one whose "any" group reads the owner's plays and likes.
 */
const CATALOGUE_RULES: TSmartRules = {
  match: 'all',
  rules: [
    { field: 'genre', operator: 'is', value: 'jazz' },
    { field: 'duration', operator: 'between', value: [150, 280] },
    { field: 'title', operator: 'contains', value: 'night' },
    { field: 'date_added', operator: 'in_the_last', value: 3650 },
    { field: 'artist', operator: 'is_not', value: 'Nobody' },
  ],
  sort: { field: 'title', order: 'asc' },
  limit: 100,
};

const LISTENING_RULES: TSmartRules = {
  match: 'all',
  rules: [
    {
      match: 'any',
      rules: [
        { field: 'play_count', operator: 'gt', value: 0 },
        { field: 'liked', operator: 'is', value: true },
      ],
    },
    { field: 'duration', operator: 'gt', value: 60 },
    { field: 'genre', operator: 'is_not', value: 'metal' },
    { field: 'last_played', operator: 'in_the_last', value: 90 },
    { field: 'title', operator: 'not_contains', value: 'zzz' },
  ],
  sort: { field: 'last_played', order: 'desc' },
  limit: 100,
};

/** The admin creates each playlist through the api, so the rules pass the contract's validation. */
async function createSmartPlaylist(
  baseUrl: string,
  headers: Record<string, string>,
  name: string,
  rules: TSmartRules,
) {
  const response = await fetch(`${baseUrl}/api/v1/playlists`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ name, public: false, smart_rules: rules }),
  });
  const text = await response.text();
  if (response.status !== 201)
    throw new Error(`creating "${name}" answered ${response.status}: ${text.slice(0, 300)}`);
  return (JSON.parse(text) as { playlist: { id: number } }).playlist.id;
}

/** A playlist answer with no tracks would measure an empty result: it fails the run. */
function checkTracks(body: string, requestPath: string) {
  const tracks = (JSON.parse(body) as { playlist?: { tracks?: unknown[] } }).playlist?.tracks ?? [];
  if (tracks.length === 0) throw new Error(`${requestPath} answered a smart playlist without tracks`);
}

export const smartPlaylists: TBenchmark = {
  name: 'smart-playlists',
  expectedSeconds: { full: 200, smoke: 30 },
  usesCatalogue: true,
  unit: 'ms p95',
  direction: 'ceiling-over-ours',
  goalRatio: 0.667,
  goalWords: `a 5-rule smart playlist opened with its tracks (catalogue rules; rules on the owner's plays and likes) p95 <= 1.5x pgbench p95 of the same SQL; absolute goal p95 <= ${ADMIN_P95_GOAL_MS} ms (see details)`,
  async run(context: TContext) {
    const size = context.mode.name === 'smoke' ? SMOKE_CATALOGUE : FULL_CATALOGUE;
    return withCatalogue(context, 'smart-playlists', size, async (database, dataDir) => {
      const genresMs = await generateGenres(database.url, context.log);
      await generateListening(database.url, size.tracks, size.albums);
      return await measureAdminList(context, {
        name: 'smart-playlists',
        database,
        dataDir,
        checkAnswer: checkTracks,
        cases: async (api, headers) => {
          const catalogueId = await createSmartPlaylist(api.baseUrl, headers, 'Jazz nights', CATALOGUE_RULES);
          const listeningId = await createSmartPlaylist(
            api.baseUrl,
            headers,
            'Recently mine',
            LISTENING_RULES,
          );
          return [
            { label: 'catalogue rules', path: `/api/v1/playlists/${catalogueId}?with=tracks` },
            { label: "owner's plays and likes", path: `/api/v1/playlists/${listeningId}?with=tracks` },
          ];
        },
        details: {
          catalogue: size,
          catalogueLoadMs: Math.round(database.loadMs),
          catalogueReused: database.isReused,
          genresLoadMs: genresMs,
          rules: { catalogue: CATALOGUE_RULES, listening: LISTENING_RULES },
        },
      });
    });
  },
};
