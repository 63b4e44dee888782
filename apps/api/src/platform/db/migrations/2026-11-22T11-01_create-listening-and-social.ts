import { type Kysely, sql } from 'kysely';

/**
 * Playlists, library (likes), reposts, follows, plays, comments and profiles
 * (music-domain.md "Listening and social").
 *
 * `plays` is one plain append-only table on both targets (PGlite has no partition maintenance
 * jobs and the same migration must run there); reads that span many rows go to the `play_daily`
 * roll-up, which the play recorder upserts, so reports never scan `plays` by date alone.
 * Monthly partitioning of `plays` can be added later on PostgreSQL by a new migration.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('playlists')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('slug', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('image', 'text')
    .addColumn('public', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('collaborative', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('owner_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('plays', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('views', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('playlists_owner_id_index')
    .on('playlists')
    .columns(['owner_id', 'id'])
    .execute();
  await db.schema.createIndex('playlists_slug_index').on('playlists').column('slug').execute();
  await sql`create index playlists_lower_name_index on playlists (lower(name))`.execute(db);
  await sql`create index playlists_plays_index on playlists (plays desc, id desc)`.execute(db);

  await db.schema
    .createTable('playlist_track')
    .addColumn('playlist_id', 'bigint', (col) => col.notNull().references('playlists.id').onDelete('cascade'))
    .addColumn('track_id', 'bigint', (col) => col.notNull().references('tracks.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('added_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('added_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('playlist_track_pk', ['playlist_id', 'track_id'])
    .execute();
  await db.schema
    .createIndex('playlist_track_position_index')
    .on('playlist_track')
    .columns(['playlist_id', 'position'])
    .execute();
  await db.schema
    .createIndex('playlist_track_track_id_index')
    .on('playlist_track')
    .column('track_id')
    .execute();

  await db.schema
    .createTable('playlist_editor')
    .addColumn('playlist_id', 'bigint', (col) => col.notNull().references('playlists.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('playlist_editor_pk', ['playlist_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('playlist_editor_user_id_index')
    .on('playlist_editor')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('likes')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('likeable_type', 'text', (col) => col.notNull())
    .addColumn('likeable_id', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('likes_pk', ['user_id', 'likeable_type', 'likeable_id'])
    .addCheckConstraint('likes_type_check', sql`likeable_type in ('track', 'album', 'artist', 'playlist')`)
    .execute();
  await sql`create index likes_user_type_created_index on likes (user_id, likeable_type, created_at desc)`.execute(
    db,
  );
  await db.schema
    .createIndex('likes_model_index')
    .on('likes')
    .columns(['likeable_type', 'likeable_id'])
    .execute();

  await db.schema
    .createTable('reposts')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('repostable_type', 'text', (col) => col.notNull())
    .addColumn('repostable_id', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('reposts_pk', ['user_id', 'repostable_type', 'repostable_id'])
    .addCheckConstraint('reposts_type_check', sql`repostable_type in ('track', 'album')`)
    .execute();
  await sql`create index reposts_user_created_index on reposts (user_id, created_at desc)`.execute(db);
  await db.schema
    .createIndex('reposts_model_index')
    .on('reposts')
    .columns(['repostable_type', 'repostable_id'])
    .execute();

  await db.schema
    .createTable('follows')
    .addColumn('follower_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('followable_type', 'text', (col) => col.notNull())
    .addColumn('followable_id', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('follows_pk', ['follower_id', 'followable_type', 'followable_id'])
    .addCheckConstraint('follows_type_check', sql`followable_type in ('user', 'artist')`)
    .execute();
  await sql`create index follows_follower_created_index on follows (follower_id, followable_type, created_at desc)`.execute(
    db,
  );
  await sql`create index follows_model_index on follows (followable_type, followable_id, created_at desc)`.execute(
    db,
  );

  await db.schema
    .createTable('plays')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('track_id', 'bigint', (col) => col.notNull().references('tracks.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('played_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('duration_played_ms', 'integer', (col) => col.notNull())
    .addColumn('platform', 'text')
    .addColumn('device', 'text')
    .addColumn('browser', 'text')
    .addColumn('country', 'text')
    .addColumn('source', 'text', (col) => col.notNull().defaultTo('player'))
    .addCheckConstraint('plays_source_check', sql`source in ('player', 'embed', 'radio', 'api')`)
    .execute();
  await db.schema
    .createIndex('plays_track_played_at_index')
    .on('plays')
    .columns(['track_id', 'played_at'])
    .execute();
  await sql`create index plays_user_played_at_index on plays (user_id, played_at desc) where user_id is not null`.execute(
    db,
  );
  await db.schema.createIndex('plays_played_at_index').on('plays').column('played_at').execute();

  await db.schema
    .createTable('play_daily')
    .addColumn('track_id', 'bigint', (col) => col.notNull().references('tracks.id').onDelete('cascade'))
    .addColumn('day', 'date', (col) => col.notNull())
    .addColumn('plays', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('play_daily_pk', ['track_id', 'day'])
    .execute();
  await db.schema.createIndex('play_daily_day_index').on('play_daily').columns(['day', 'track_id']).execute();

  await db.schema
    .createTable('comments')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('commentable_type', 'text', (col) => col.notNull())
    .addColumn('commentable_id', 'bigint', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('parent_id', 'bigint', (col) => col.references('comments.id').onDelete('cascade'))
    // Materialised path of zero-padded ids ("00000000000000000012/..."): one ordered index scan
    // returns a whole thread in reading order; `depth` caps nesting at 5.
    .addColumn('path', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('depth', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('position_ms', 'integer')
    .addColumn('deleted', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('upvotes', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('downvotes', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('comments_type_check', sql`commentable_type in ('track', 'album')`)
    .execute();
  await db.schema
    .createIndex('comments_model_path_index')
    .on('comments')
    .columns(['commentable_type', 'commentable_id', 'path'])
    .execute();
  await db.schema.createIndex('comments_user_id_index').on('comments').column('user_id').execute();
  await db.schema.createIndex('comments_parent_id_index').on('comments').column('parent_id').execute();

  await db.schema
    .createTable('user_profiles')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('header_image', 'text')
    .addColumn('description', 'text')
    .addColumn('city', 'text')
    .addColumn('country', 'text')
    .addColumn('links', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}
