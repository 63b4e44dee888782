import { type Kysely, sql } from 'kysely';

/**
 * Subsonic lists on a large catalogue (issue 35, the `subsonic-lists` benchmark): `search3`
 * pages (the empty query apps sync with, and a word) order tracks, albums and artists by
 * `(name, id)`, and `getAlbumList2 byYear` by `(release year, id)`. With these indexes a page
 * walks the index and stops after `offset + size` rows instead of sorting every row (1M tracks).
 * The tracks' index carries `visibility` and `owner_id`, what a listed track needs: the page's
 * ids (and a word's ILIKE on the name) come from the index alone.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function up(db: Kysely<any>): Promise<void> {
  // Building on 1M tracks takes seconds: `set local` lifts the api's statement timeout for this
  // migration's transaction only.
  await sql`set local statement_timeout = 0`.execute(db);
  await sql`create index tracks_name_id_index on tracks (name, id) include (visibility, owner_id)`.execute(
    db,
  );
  await sql`create index albums_name_id_index on albums (name, id)`.execute(db);
  await sql`create index artists_name_id_index on artists (name, id)`.execute(db);
  await sql`create index albums_release_year_index on albums ((extract(year from release_date)), id)`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('albums_release_year_index').execute();
  await db.schema.dropIndex('artists_name_id_index').execute();
  await db.schema.dropIndex('albums_name_id_index').execute();
  await db.schema.dropIndex('tracks_name_id_index').execute();
}
