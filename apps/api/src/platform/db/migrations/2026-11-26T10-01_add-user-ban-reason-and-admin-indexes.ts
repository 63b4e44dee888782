import { type Kysely, sql } from 'kysely';

/**
 * The reason an admin gives when suspending an account, and the indexes the admin's users
 * list needs on large sites: substring search on name and email (trigram, serves ILIKE
 * '%q%') and the default newest-first order.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('ban_reason', 'text').execute();
  await sql`create index users_email_ilike_trgm_index on users using gin (email gin_trgm_ops)`.execute(db);
  await sql`create index users_name_ilike_trgm_index on users using gin (name gin_trgm_ops)`.execute(db);
  await db.schema.createIndex('users_created_at_index').on('users').columns(['created_at', 'id']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_created_at_index').execute();
  await db.schema.dropIndex('users_name_ilike_trgm_index').execute();
  await db.schema.dropIndex('users_email_ilike_trgm_index').execute();
  await db.schema.alterTable('users').dropColumn('ban_reason').execute();
}
