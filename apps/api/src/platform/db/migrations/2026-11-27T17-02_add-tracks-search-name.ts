import { type Kysely, sql } from 'kysely';

/**
 * The admin tracks search as a stored `cadence_unaccent(lower(name))` with its trigram index.
 * The trigram index on the expression finds the candidates, but each one is rechecked by
 * computing the expression again: about 25-40 µs a row through unaccent's dictionary, so a
 * broad word ("night": 47k of 1M tracks) took hundreds of ms for a capped count. A stored
 * value is rechecked by a plain LIKE.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function up(db: Kysely<any>): Promise<void> {
  // Adding a stored column rewrites the table: on a large site (1M tracks) that outlasts the
  // api's 15 s statement timeout. `set local` lifts it for this migration's transaction only.
  await sql`set local statement_timeout = 0`.execute(db);
  await sql`alter table tracks add column search_name text
    generated always as (cadence_unaccent(lower(name))) stored`.execute(db);
  await sql`create index tracks_search_name_trgm_index on tracks using gin (search_name gin_trgm_ops)`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('tracks_search_name_trgm_index').execute();
  await db.schema.alterTable('tracks').dropColumn('search_name').execute();
}
