import { type Kysely, sql } from 'kysely';

/**
 * Catalogue discovery: full-text and trigram indexes for search, stored similar artists and the
 * import ledger. `unaccent()` is only STABLE (it reads a dictionary), so indexes go through an
 * IMMUTABLE wrapper that pins the dictionary; both PostgreSQL and PGlite ship the extension.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function cadence_unaccent(text) returns text
    language sql immutable parallel safe strict
    as $$ select public.unaccent('public.unaccent'::regdictionary, $1) $$
  `.execute(db);

  const searchable = [
    ['tracks', 'name'],
    ['albums', 'name'],
    ['artists', 'name'],
    ['playlists', 'name'],
    ['users', 'name'],
    ['genres', `coalesce(display_name, name)`],
    ['tags', `coalesce(display_name, name)`],
  ] as const;
  for (const [table, column] of searchable) {
    await sql
      .raw(
        `create index ${table}_name_fts_index on ${table} using gin (to_tsvector('simple', cadence_unaccent(${column})))`,
      )
      .execute(db);
    await sql
      .raw(
        `create index ${table}_name_trgm_index on ${table} using gin (cadence_unaccent(lower(${column})) gin_trgm_ops)`,
      )
      .execute(db);
  }

  await db.schema
    .createTable('similar_artists')
    .addColumn('artist_id', 'bigint', (col) => col.notNull().references('artists.id').onDelete('cascade'))
    .addColumn('similar_id', 'bigint', (col) => col.notNull().references('artists.id').onDelete('cascade'))
    .addColumn('score', 'real', (col) => col.notNull())
    .addColumn('computed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('similar_artists_pk', ['artist_id', 'similar_id'])
    .execute();
  await sql`create index similar_artists_rank_index on similar_artists (artist_id, score desc, similar_id)`.execute(
    db,
  );

  // Radio and similar-artist co-listening read likes per user and plays per user and track.
  await sql`create index likes_user_model_index on likes (likeable_type, user_id, likeable_id)`.execute(db);

  await db.schema
    .createTable('import_files')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('source_path', 'text', (col) => col.notNull().unique())
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('mtime_ms', 'bigint', (col) => col.notNull())
    .addColumn('sha256', 'text', (col) => col.notNull())
    .addColumn('track_id', 'bigint', (col) => col.references('tracks.id').onDelete('cascade'))
    .addColumn('imported_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('import_files_sha256_index').on('import_files').column('sha256').execute();
  await db.schema.createIndex('import_files_track_id_index').on('import_files').column('track_id').execute();
}
