import { type Kysely, sql } from 'kysely';

/**
 * A listener's own listening settings (issue 36): the highest bitrate and the format transcodes
 * are made in for them, loudness levelling and crossfade. No row: the defaults.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('listening_settings')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('max_bit_rate', 'integer')
    .addColumn('format', 'text')
    .addColumn('loudness', 'text', (col) => col.notNull().defaultTo('track'))
    .addColumn('crossfade_seconds', 'real', (col) => col.notNull().defaultTo(0))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('listening_settings').execute();
}
