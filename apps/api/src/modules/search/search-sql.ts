/**
 * The search SQL as plain text with `$1` (prefix tsquery), `$2` (plain term) and `$3` (limit).
 * It imports nothing, so the benchmark loads this very file and runs the same statements through
 * pgbench: route and twin cannot drift apart. Every fragment here is a constant; user text only
 * ever travels as a bound parameter.
 *
 * Why the shape (1M tracks, names from a small vocabulary, where one prefix matches tens of
 * thousands of rows): ranking every match is what made typeahead slow, so candidates are found
 * in tiers that each stop early, and only those few are ranked:
 *   1. exact   - the whole normalised name equals the term (btree, a handful of rows);
 *   2. popular - full-text prefix matches among rows with plays >= POPULAR_FLOOR, through a
 *                partial GIN index, best-played first. When it yields CANDIDATES rows they are
 *                exactly the most played matches of all, so nothing below the floor can outrank
 *                them on popularity;
 *   3. rest    - only when tier 2 came up short: full-text matches of the whole table, at most
 *                REST_SCAN heap rows (a bounded cost even for a prefix matching 10% of the table),
 *                best-played first;
 *   4. typo    - only when tiers 1-3 found fewer than `$3` rows and the term has >= 3
 *                characters: trigram word similarity through the GIN trigram index (`<%`, which
 *                prunes by `pg_trgm.word_similarity_threshold`, see TRIGRAM_THRESHOLD_NOTE).
 * The gates are uncorrelated sub-selects, which PostgreSQL turns into one-time filters: a tier
 * that is not needed is never executed.
 */
export const CANDIDATES = 50;
export const REST_SCAN = 1000;
export const TYPO_SCAN = 200;
export const POPULAR_FLOOR = 100;
export const WORD_SIMILARITY_THRESHOLD = 0.6;
export const MIN_TYPO_LENGTH = 3;

export type TSearchSqlType = 'tracks' | 'albums' | 'artists' | 'playlists' | 'users' | 'genres' | 'tags';

type Target = {
  table: string;
  /** The displayed name, over alias `t`. */
  text: string;
  /** Popularity over alias `t`, or null when the model has none (no popular tier then). */
  popularity: string | null;
  visible: string;
};

/** Keep `text`, `popularity` and `visible` in step with the partial indexes of migration 2026-11-22T13-00. */
export const SEARCH_TARGETS: Record<TSearchSqlType, Target> = {
  tracks: { table: 'tracks', text: 't.name', popularity: 't.plays', visible: `t.visibility = 'public'` },
  albums: { table: 'albums', text: 't.name', popularity: 't.plays', visible: 'true' },
  artists: { table: 'artists', text: 't.name', popularity: 't.plays', visible: 't.disabled = false' },
  playlists: { table: 'playlists', text: 't.name', popularity: 't.plays', visible: 't.public = true' },
  users: { table: 'users', text: 't.name', popularity: null, visible: 't.banned_at is null' },
  genres: {
    table: 'genres',
    text: 'coalesce(t.display_name, t.name)',
    popularity: 't.popularity',
    visible: 'true',
  },
  tags: { table: 'tags', text: 'coalesce(t.display_name, t.name)', popularity: null, visible: 'true' },
};

/**
 * TRIGRAM_THRESHOLD_NOTE: `<%` (and the GIN index behind it) prunes by the setting
 * `pg_trgm.word_similarity_threshold`, whose default is our 0.6, so no statement sets it: a
 * `set local` cost each search a transaction (begin, set, statement, commit: four round trips
 * instead of one). The explicit `word_similarity(...) >=` keeps the answers the same on a server
 * configured with a lower threshold; search.routes.test.ts checks the default.
 */
export const TRIGRAM_THRESHOLD_SETTING = 'pg_trgm.word_similarity_threshold';

/** The parameters, computed once per statement (a CTE referenced several times is materialised). */
const PARAMS = `q as (select to_tsquery('simple', cadence_unaccent($1::text)) as ts, cadence_unaccent($2::text) as term)`;

/** CTEs `<prefix>_exact`, `_popular`, `_rest` and their union `<prefix>_found` (candidate ids) for one model. */
function foundCtes(prefix: string, target: Target): string[] {
  const vector = `to_tsvector('simple', cadence_unaccent(${target.text}))`;
  const normalised = `cadence_unaccent(lower(${target.text}))`;
  const from = `${target.table} t, q`;
  const order = target.popularity ? `${target.popularity} desc, t.id desc` : 't.id desc';
  const popular = target.popularity
    ? `select t.id from ${from} where ${vector} @@ q.ts and ${target.popularity} >= ${POPULAR_FLOOR} and ${target.visible} order by ${order} limit ${CANDIDATES}`
    : 'select null::bigint as id where false';
  const restColumns = target.popularity
    ? `t.id, ${target.popularity} as popularity`
    : 't.id, 0 as popularity';
  return [
    `${prefix}_exact as (select t.id from ${from} where ${normalised} = q.term and ${target.visible} limit ${CANDIDATES})`,
    `${prefix}_popular as (${popular})`,
    `${prefix}_rest as (select s.id from (select ${restColumns} from ${from} where (select count(*) from ${prefix}_popular) < ${CANDIDATES} and ${vector} @@ q.ts and ${target.visible} limit ${REST_SCAN}) s order by s.popularity desc, s.id desc limit ${CANDIDATES})`,
    `${prefix}_found as (select id from ${prefix}_exact union select id from ${prefix}_popular union select id from ${prefix}_rest)`,
  ];
}

/**
 * CTE `<prefix>_typo`: trigram matches, gated by `foundCount` (SQL over earlier CTEs): this
 * model's own count of candidates, or the sum over every merged model.
 */
function typoCte(prefix: string, target: Target, foundCount: string): string {
  const normalised = `cadence_unaccent(lower(${target.text}))`;
  return `${prefix}_typo as (select t.id from ${target.table} t, q where ${foundCount} < $3::int and length(q.term) >= ${MIN_TYPO_LENGTH} and q.term <% ${normalised} and word_similarity(q.term, ${normalised}) >= ${WORD_SIMILARITY_THRESHOLD} and ${target.visible} limit ${TYPO_SCAN})`;
}

/**
 * exact name (4) > name prefix (1) + full-text hit (1) > word similarity (0..1); popularity breaks
 * ties. Over `n.name`, the normalised name computed once per candidate (see rankedSelect).
 */
function rankExpression(target: Target): string {
  const vector = `to_tsvector('simple', cadence_unaccent(${target.text}))`;
  const popularity = target.popularity ? `ln(1 + greatest(${target.popularity}, 0)) / 100` : '0';
  return `((case when n.name = q.term then 4 else 0 end) + (case when starts_with(n.name, q.term) then 1 else 0 end) + (case when ${vector} @@ q.ts then 1 else 0 end) + word_similarity(q.term, n.name) + ${popularity})::float8`;
}

/**
 * Ranks a model's candidates (at most a few hundred ids). The ids go in as one array
 * (`= any(array(...))`): as `in (select ...)` the planner, expecting ~120 rows, hashed them and
 * read the whole table to probe (every one of 20,000 artists on each search of the 1M catalogue).
 * The normalised name (`unaccent`, a dictionary lookup per word) is computed once per candidate
 * in a lateral subquery that `offset 0` keeps from being inlined back into its three uses.
 */
function rankedSelect(prefix: string, target: Target, label: string | null): string {
  const type = label === null ? '' : `'${label}'::text as type, `;
  const normalised = `cadence_unaccent(lower(${target.text}))`;
  return `select ${type}t.id, ${rankExpression(target)} as rank from ${target.table} t cross join lateral (select ${normalised} as name offset 0) n, q where t.id = any(array(select id from ${prefix}_found union select id from ${prefix}_typo)) order by rank desc, t.id limit $3::int`;
}

/**
 * The tabs of the full search in one statement: `(type, id, rank)` rows, each tab's best `$3`
 * (rank desc, id), ordered by tab then best first, the parameters computed once. One round trip
 * instead of one per tab: on a small catalogue a statement's fixed costs were most of a tab's.
 */
export function rankedTabsSql(types: readonly TSearchSqlType[]): string {
  const ctes = types.flatMap((type) => [
    ...foundCtes(type, SEARCH_TARGETS[type]),
    typoCte(type, SEARCH_TARGETS[type], `(select count(*) from ${type}_found)`),
  ]);
  const parts = types
    .map((type) => `(${rankedSelect(type, SEARCH_TARGETS[type], type)})`)
    .join('\nunion all\n');
  return `with ${PARAMS},\n${ctes.join(',\n')}\nselect * from (${parts}) tabs order by type, rank desc, id`;
}

/** What the typeahead merges, in this order on equal ranks. */
export const SUGGESTION_TYPES = [
  ['artists', 'artist'],
  ['tracks', 'track'],
  ['albums', 'album'],
] as const;

/**
 * The typeahead's order on `(type, id, rank)` rows: best rank first, equal ranks in
 * SUGGESTION_TYPES order, then id. `alias` qualifies the columns (`s.` for `s.rank`), or not.
 */
export function suggestionOrder(alias = ''): string {
  const cases = SUGGESTION_TYPES.map(([, label], index) => `when '${label}' then ${index}`).join(' ');
  return `${alias}rank desc, case ${alias}type ${cases} end, ${alias}id`;
}

/** Typeahead: `(type, id, rank)` of artists, tracks and albums merged by rank, at most `$3`, in one statement. */
export function suggestionsSql(): string {
  // Typos are looked for only when artists, tracks and albums together found too few names.
  const total = SUGGESTION_TYPES.map(([type]) => `(select count(*) from ${type}_found)`).join(' + ');
  const ctes = [
    ...SUGGESTION_TYPES.flatMap(([type]) => foundCtes(type, SEARCH_TARGETS[type])),
    ...SUGGESTION_TYPES.map(([type]) => typoCte(type, SEARCH_TARGETS[type], `(${total})`)),
  ].join(',\n');
  const parts = SUGGESTION_TYPES.map(
    ([type, label]) => `(${rankedSelect(type, SEARCH_TARGETS[type], label)})`,
  ).join('\nunion all\n');
  return `with ${PARAMS},\n${ctes}\nselect * from (${parts}) merged order by ${suggestionOrder()} limit $3::int`;
}
