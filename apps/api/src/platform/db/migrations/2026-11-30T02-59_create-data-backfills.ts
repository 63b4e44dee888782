import type { Kysely } from 'kysely';

/**
 * Backfills too big for the migrations' one transaction (a rewrite of every track holds its lock
 * for minutes and doubles the table): a migration names its backfill here, and once the
 * migrations commit it runs in id ranges, a transaction each, `after_id` saved with every range so
 * a restart goes on from there (platform/db/migrate.ts). Dated just before the first migration
 * that needs it, so a new database has it in time.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('data_backfills')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('after_id', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('data_backfills').execute();
}
