import { type Kysely, sql } from 'kysely';

/**
 * Monthly roll-up of the play dimensions (issue 11): an insight over months reads one row per
 * track, month and value instead of one per day, so a 12-month insight of a busy artist reads
 * about 30x fewer rows. Kept on the write path beside `play_daily_dims`; filled here from it.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('play_monthly_dims')
    .addColumn('track_id', 'bigint', (col) => col.notNull().references('tracks.id').onDelete('cascade'))
    .addColumn('month', 'date', (col) => col.notNull())
    .addColumn('dimension', 'text', (col) => col.notNull())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('plays', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('play_monthly_dims_pk', ['track_id', 'month', 'dimension', 'value'])
    .execute();
  await sql`insert into play_monthly_dims (track_id, month, dimension, value, plays)
    select track_id, date_trunc('month', day)::date, dimension, value, sum(plays)
    from play_daily_dims group by 1, 2, 3, 4`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('play_monthly_dims').execute();
}
