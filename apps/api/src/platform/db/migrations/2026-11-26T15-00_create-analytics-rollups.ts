import { type Kysely, sql } from 'kysely';

/**
 * Insights and reports (issue 11). Plays gain the listener's city and a salted listener hash
 * (never a raw address). Daily roll-ups answer long ranges without scanning `plays`:
 * `play_daily_dims` counts plays per track, day and dimension value (device, platform, browser,
 * source, country, city); `play_daily_listeners` holds one row per track, day and listener, so
 * unique listeners over any range are exact. `page_views` are the player's first-party visits.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('plays').addColumn('city', 'text').execute();
  await db.schema.alterTable('plays').addColumn('listener_hash', 'text').execute();
  await sql`alter table plays drop constraint plays_source_check`.execute(db);
  await sql`alter table plays add constraint plays_source_check check (source in ('player', 'embed', 'radio', 'api', 'album', 'artist', 'playlist', 'search', 'track', 'library', 'queue', 'channel', 'other'))`.execute(
    db,
  );

  await db.schema
    .createTable('play_daily_dims')
    .addColumn('track_id', 'bigint', (col) => col.notNull().references('tracks.id').onDelete('cascade'))
    .addColumn('day', 'date', (col) => col.notNull())
    .addColumn('dimension', 'text', (col) => col.notNull())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('plays', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('play_daily_dims_pk', ['track_id', 'day', 'dimension', 'value'])
    .addCheckConstraint(
      'play_daily_dims_dimension_check',
      sql`dimension in ('device', 'platform', 'browser', 'source', 'country', 'city')`,
    )
    .execute();
  await db.schema
    .createIndex('play_daily_dims_day_index')
    .on('play_daily_dims')
    .columns(['day', 'dimension'])
    .execute();

  await db.schema
    .createTable('play_daily_listeners')
    .addColumn('track_id', 'bigint', (col) => col.notNull().references('tracks.id').onDelete('cascade'))
    .addColumn('day', 'date', (col) => col.notNull())
    .addColumn('listener_hash', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('play_daily_listeners_pk', ['track_id', 'day', 'listener_hash'])
    .execute();
  await db.schema
    .createIndex('play_daily_listeners_day_index')
    .on('play_daily_listeners')
    .column('day')
    .execute();

  await db.schema
    .createTable('page_views')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('viewed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('day', 'date', (col) => col.notNull())
    .addColumn('page_kind', 'text', (col) => col.notNull())
    .addColumn('referrer_host', 'text')
    .addColumn('country', 'text')
    .addColumn('device', 'text')
    .addColumn('visitor_hash', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('page_views_day_index')
    .on('page_views')
    .columns(['day', 'page_kind'])
    .execute();
}
