import { type Kysely, sql } from 'kysely';

/**
 * Search candidates at scale (see modules/search/search-sql.ts): a partial full-text index over
 * the well-played rows only (plays >= 100), so the "most played matches" tier reads a small
 * index and a few hundred heap rows even when a prefix matches tens of thousands of names; and
 * a btree on the normalised name (text_pattern_ops: equality and `like 'prefix%'`) for exact
 * names. The predicates must stay those of the search SQL so the planner can use the indexes.
 */
const POPULAR = [
  ['tracks', 'name', `plays >= 100 and visibility = 'public'`],
  ['albums', 'name', 'plays >= 100'],
  ['artists', 'name', 'plays >= 100 and disabled = false'],
  ['playlists', 'name', 'plays >= 100 and public = true'],
  ['genres', 'coalesce(display_name, name)', 'popularity >= 100'],
] as const;

const NAMES = [
  ['tracks', 'name'],
  ['albums', 'name'],
  ['artists', 'name'],
  ['playlists', 'name'],
  ['users', 'name'],
  ['genres', 'coalesce(display_name, name)'],
  ['tags', 'coalesce(display_name, name)'],
] as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, column, predicate] of POPULAR) {
    await sql
      .raw(
        `create index ${table}_search_popular_index on ${table} using gin (to_tsvector('simple', cadence_unaccent(${column}))) where ${predicate}`,
      )
      .execute(db);
  }
  for (const [table, column] of NAMES) {
    await sql
      .raw(
        `create index ${table}_search_name_index on ${table} (cadence_unaccent(lower(${column})) text_pattern_ops)`,
      )
      .execute(db);
  }
}
