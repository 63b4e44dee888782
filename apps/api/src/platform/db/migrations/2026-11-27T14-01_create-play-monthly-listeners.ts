import { type Kysely, sql } from 'kysely';

/**
 * Monthly listeners (issue 11): one row per track, month and listener, so the unique listeners
 * of a long range count a fan who came back every day of a month once per month, not once per
 * day. Kept on the write path beside `play_daily_listeners`; filled here from it.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('play_monthly_listeners')
    .addColumn('track_id', 'bigint', (col) => col.notNull().references('tracks.id').onDelete('cascade'))
    .addColumn('month', 'date', (col) => col.notNull())
    .addColumn('listener_hash', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('play_monthly_listeners_pk', ['track_id', 'month', 'listener_hash'])
    .execute();
  await sql`insert into play_monthly_listeners (track_id, month, listener_hash)
    select distinct track_id, date_trunc('month', day)::date, listener_hash
    from play_daily_listeners`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('play_monthly_listeners').execute();
}
