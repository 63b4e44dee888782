import { type Kysely, sql } from 'kysely';

/**
 * What Subsonic apps keep per user and Cadence had no place for: star ratings (1-5, Cadence's
 * own pages only know likes), bookmarks (a position in a long track) and the saved play queue.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('subsonic_ratings')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('rateable_type', 'varchar(16)', (col) => col.notNull())
    .addColumn('rateable_id', 'integer', (col) => col.notNull())
    .addColumn('rating', 'smallint', (col) => col.notNull().check(sql`rating between 1 and 5`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('subsonic_ratings_pkey', ['user_id', 'rateable_type', 'rateable_id'])
    .execute();
  await db.schema
    .createTable('subsonic_bookmarks')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('track_id', 'integer', (col) => col.notNull().references('tracks.id').onDelete('cascade'))
    .addColumn('position_ms', 'bigint', (col) => col.notNull())
    .addColumn('comment', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('subsonic_bookmarks_pkey', ['user_id', 'track_id'])
    .execute();
  await db.schema
    .createTable('subsonic_play_queues')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('track_ids', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('current_id', 'integer')
    .addColumn('position_ms', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('changed_by', 'varchar(255)', (col) => col.notNull().defaultTo(''))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('subsonic_play_queues').execute();
  await db.schema.dropTable('subsonic_bookmarks').execute();
  await db.schema.dropTable('subsonic_ratings').execute();
}
