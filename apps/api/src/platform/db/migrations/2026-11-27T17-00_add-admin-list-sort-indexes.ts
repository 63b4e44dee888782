import { type Kysely, sql } from 'kysely';

/**
 * The admin users list sorts by name or email and stops after a page: with `(name, id)` and
 * `(email, id)` a first page of a broad search ("example" matching half of 100k users) walks
 * the index a few hundred rows instead of sorting every match.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index users_name_id_index on users (name, id)`.execute(db);
  await sql`create index users_email_id_index on users (email, id)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_email_id_index').execute();
  await db.schema.dropIndex('users_name_id_index').execute();
}
