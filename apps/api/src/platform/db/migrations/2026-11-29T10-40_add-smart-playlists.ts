import { type Kysely, sql } from 'kysely';

/**
 * Smart playlists: rules (validated JSON) instead of a track list, evaluated in one statement on
 * every read. The rules' joins already have indexes (trigram names, genreables/taggables/likes
 * by model, tracks by created_at/released_at); these add the two they lack: a listener's own
 * plays grouped by track (play count, last played) read from the index alone, and duration ranges.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('playlists').addColumn('smart_rules', 'jsonb').execute();
  await sql`create index plays_user_track_index on plays (user_id, track_id, played_at) where user_id is not null`.execute(
    db,
  );
  await sql`create index tracks_duration_index on tracks (duration, id)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists tracks_duration_index`.execute(db);
  await sql`drop index if exists plays_user_track_index`.execute(db);
  await db.schema.alterTable('playlists').dropColumn('smart_rules').execute();
}
