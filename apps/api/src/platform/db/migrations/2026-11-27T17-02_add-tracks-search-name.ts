import type { Kysely } from 'kysely';

/**
 * Superseded, kept so a database that ran it stays consistent with the migration list. It added
 * a stored `cadence_unaccent(lower(name))` to tracks for the admin search; on 1M tracks the
 * table rewrite outlasted the api's 16 s query timeout at start, so the column is not added.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function up(_db: Kysely<any>): Promise<void> {}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(_db: Kysely<any>): Promise<void> {}
