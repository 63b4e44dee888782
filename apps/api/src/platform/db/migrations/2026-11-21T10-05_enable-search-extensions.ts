import { type Kysely, sql } from 'kysely';

/** Catalogue search (later issues) relies on trigram similarity and accent folding. */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create extension if not exists unaccent`.execute(db);
}
