import { type Kysely, sql } from 'kysely';

/**
 * Artists, albums, tracks, genres, tags and lyrics (music-domain.md "Catalogue").
 * Ids are bigint: the catalogue is sized for millions of tracks. `tracks.file_entry_id` has no
 * foreign key because `file_entries` belongs to the uploads module and may be created later.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('artists')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('slug', 'text', (col) => col.notNull())
    .addColumn('image_small', 'text')
    .addColumn('image_large', 'text')
    .addColumn('verified', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('disabled', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('description', 'text')
    .addColumn('country', 'text')
    .addColumn('city', 'text')
    .addColumn('links', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('plays', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('views', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('artists_slug_index').on('artists').column('slug').execute();
  await sql`create index artists_lower_name_index on artists (lower(name))`.execute(db);
  await sql`create index artists_plays_index on artists (plays desc, id desc)`.execute(db);
  await sql`create index artists_created_at_index on artists (created_at desc, id desc)`.execute(db);

  await db.schema
    .createTable('user_artist')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('artist_id', 'bigint', (col) => col.notNull().references('artists.id').onDelete('cascade'))
    .addColumn('role', 'text', (col) => col.notNull().defaultTo('owner'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('user_artist_pk', ['user_id', 'artist_id'])
    .addCheckConstraint('user_artist_role_check', sql`role in ('owner', 'editor')`)
    .execute();
  await db.schema.createIndex('user_artist_artist_id_index').on('user_artist').column('artist_id').execute();

  await db.schema
    .createTable('albums')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('slug', 'text', (col) => col.notNull())
    .addColumn('release_date', 'date')
    .addColumn('image', 'text')
    .addColumn('description', 'text')
    .addColumn('owner_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('plays', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('views', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('record_type', 'text', (col) => col.notNull().defaultTo('album'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'albums_record_type_check',
      sql`record_type in ('album', 'single', 'ep', 'compilation')`,
    )
    .execute();
  await db.schema.createIndex('albums_slug_index').on('albums').column('slug').execute();
  await db.schema.createIndex('albums_owner_id_index').on('albums').column('owner_id').execute();
  await sql`create index albums_lower_name_index on albums (lower(name))`.execute(db);
  await sql`create index albums_plays_index on albums (plays desc, id desc)`.execute(db);
  await sql`create index albums_release_date_index on albums (release_date desc nulls last, id desc)`.execute(
    db,
  );
  await sql`create index albums_created_at_index on albums (created_at desc, id desc)`.execute(db);

  await db.schema
    .createTable('album_artist')
    .addColumn('album_id', 'bigint', (col) => col.notNull().references('albums.id').onDelete('cascade'))
    .addColumn('artist_id', 'bigint', (col) => col.notNull().references('artists.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('album_artist_pk', ['album_id', 'artist_id'])
    .execute();
  await db.schema
    .createIndex('album_artist_artist_id_index')
    .on('album_artist')
    .columns(['artist_id', 'album_id'])
    .execute();

  await db.schema
    .createTable('tracks')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('slug', 'text', (col) => col.notNull())
    .addColumn('number', 'integer')
    .addColumn('duration', 'integer')
    .addColumn('album_id', 'bigint', (col) => col.references('albums.id').onDelete('set null'))
    .addColumn('src', 'text')
    .addColumn('file_entry_id', 'bigint')
    .addColumn('mime', 'text')
    .addColumn('bitrate', 'integer')
    .addColumn('image', 'text')
    .addColumn('description', 'text')
    .addColumn('isrc', 'text')
    .addColumn('explicit', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('waveform', 'jsonb')
    .addColumn('plays', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('downloads', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('owner_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('released_at', 'timestamptz')
    .addColumn('visibility', 'text', (col) => col.notNull().defaultTo('public'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('tracks_visibility_check', sql`visibility in ('public', 'unlisted', 'private')`)
    .execute();
  await db.schema.createIndex('tracks_slug_index').on('tracks').column('slug').execute();
  await db.schema
    .createIndex('tracks_album_number_index')
    .on('tracks')
    .columns(['album_id', 'number', 'id'])
    .execute();
  await db.schema.createIndex('tracks_owner_id_index').on('tracks').column('owner_id').execute();
  await db.schema.createIndex('tracks_file_entry_id_index').on('tracks').column('file_entry_id').execute();
  await sql`create index tracks_lower_name_index on tracks (lower(name))`.execute(db);
  await sql`create index tracks_plays_index on tracks (plays desc, id desc)`.execute(db);
  await sql`create index tracks_released_at_index on tracks (released_at desc nulls last, id desc)`.execute(
    db,
  );
  await sql`create index tracks_created_at_index on tracks (created_at desc, id desc)`.execute(db);

  await db.schema
    .createTable('artist_track')
    .addColumn('artist_id', 'bigint', (col) => col.notNull().references('artists.id').onDelete('cascade'))
    .addColumn('track_id', 'bigint', (col) => col.notNull().references('tracks.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('primary', 'boolean', (col) => col.notNull().defaultTo(false))
    .addPrimaryKeyConstraint('artist_track_pk', ['track_id', 'artist_id'])
    .execute();
  await db.schema
    .createIndex('artist_track_artist_id_index')
    .on('artist_track')
    .columns(['artist_id', 'track_id'])
    .execute();

  await db.schema
    .createTable('genres')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'text', (col) => col.notNull().unique())
    .addColumn('display_name', 'text')
    .addColumn('image', 'text')
    .addColumn('popularity', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index genres_popularity_index on genres (popularity desc, id desc)`.execute(db);

  await db.schema
    .createTable('tags')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('display_name', 'text')
    .addColumn('type', 'text', (col) => col.notNull().defaultTo('custom'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('tags_name_type_unique')
    .on('tags')
    .columns(['name', 'type'])
    .unique()
    .execute();

  await db.schema
    .createTable('genreables')
    .addColumn('genre_id', 'bigint', (col) => col.notNull().references('genres.id').onDelete('cascade'))
    .addColumn('genreable_type', 'text', (col) => col.notNull())
    .addColumn('genreable_id', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('genreables_pk', ['genre_id', 'genreable_type', 'genreable_id'])
    .addCheckConstraint('genreables_type_check', sql`genreable_type in ('track', 'album', 'artist')`)
    .execute();
  await db.schema
    .createIndex('genreables_model_index')
    .on('genreables')
    .columns(['genreable_type', 'genreable_id'])
    .execute();

  await db.schema
    .createTable('taggables')
    .addColumn('tag_id', 'bigint', (col) => col.notNull().references('tags.id').onDelete('cascade'))
    .addColumn('taggable_type', 'text', (col) => col.notNull())
    .addColumn('taggable_id', 'bigint', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('taggables_pk', ['tag_id', 'taggable_type', 'taggable_id'])
    .addCheckConstraint('taggables_type_check', sql`taggable_type in ('track', 'album', 'artist')`)
    .execute();
  await db.schema
    .createIndex('taggables_model_index')
    .on('taggables')
    .columns(['taggable_type', 'taggable_id'])
    .execute();

  await db.schema
    .createTable('lyrics')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('track_id', 'bigint', (col) =>
      col.notNull().unique().references('tracks.id').onDelete('cascade'),
    )
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('synced', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('language', 'text')
    .addColumn('source', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}
