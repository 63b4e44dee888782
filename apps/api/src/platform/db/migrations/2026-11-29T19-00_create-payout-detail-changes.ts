import { type Kysely, sql } from 'kysely';

/**
 * Artist payout details (issue 39): every change an artist's manager asks for, kept as history. A
 * change takes effect once a manager follows its emailed link (`confirmed_at`); only the token's
 * hash is stored. The details in effect are the artist's last confirmed change.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('payout_detail_changes')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('artist_id', 'integer', (col) => col.notNull().references('artists.id').onDelete('cascade'))
    .addColumn('details', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('requested_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('confirmed_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('confirmed_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('payout_detail_changes_artist')
    .on('payout_detail_changes')
    .columns(['artist_id', 'id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payout_detail_changes').execute();
}
