import { type Kysely, sql } from 'kysely';

/**
 * The admin users search as one stored, lower-cased text (name, a newline, email) with its
 * trigram index. A broad search ("example" matches half of 100k users) rechecks every match:
 * one LIKE on stored lower-case text costs about half of two ILIKEs that lower both columns
 * on each row (measured on the admin-users benchmark's data set).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function up(db: Kysely<any>): Promise<void> {
  // Adding a stored column rewrites the table: on a large site (100k+ users) that outlasts the
  // api's 15 s statement timeout. `set local` lifts it for this migration's transaction only.
  await sql`set local statement_timeout = 0`.execute(db);
  await sql`alter table users add column admin_search text
    generated always as (lower(name) || E'\n' || lower(email)) stored`.execute(db);
  await sql`create index users_admin_search_trgm_index on users using gin (admin_search gin_trgm_ops)`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_admin_search_trgm_index').execute();
  await db.schema.alterTable('users').dropColumn('admin_search').execute();
}
