import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

type Db = Kysely<Database>;

const ids = (rows: { id: number | null }[]) =>
  rows.map((row) => row.id).filter((id): id is number => id !== null);

// The relations a catalogue page embeds from its neighbours, read to find the pages a write changes.

export async function tracksCreditedTo(db: Db, artistIds: number[]): Promise<number[]> {
  if (artistIds.length === 0) return [];
  return ids(
    await db
      .selectFrom('artist_track')
      .select('track_id as id')
      .where('artist_id', 'in', artistIds)
      .execute(),
  );
}

export async function albumsCreditedTo(db: Db, artistIds: number[]): Promise<number[]> {
  if (artistIds.length === 0) return [];
  return ids(
    await db
      .selectFrom('album_artist')
      .select('album_id as id')
      .where('artist_id', 'in', artistIds)
      .execute(),
  );
}

export async function tracksOnAlbums(db: Db, albumIds: number[]): Promise<number[]> {
  if (albumIds.length === 0) return [];
  return ids(await db.selectFrom('tracks').select('id').where('album_id', 'in', albumIds).execute());
}

export async function albumsOfTracks(db: Db, trackIds: number[]): Promise<number[]> {
  if (trackIds.length === 0) return [];
  return ids(await db.selectFrom('tracks').select('album_id as id').where('id', 'in', trackIds).execute());
}

export async function artistsCreditedOn(db: Db, albumIds: number[], trackIds: number[]): Promise<number[]> {
  const [onAlbums, onTracks] = await Promise.all([
    albumIds.length
      ? db.selectFrom('album_artist').select('artist_id as id').where('album_id', 'in', albumIds).execute()
      : [],
    trackIds.length
      ? db.selectFrom('artist_track').select('artist_id as id').where('track_id', 'in', trackIds).execute()
      : [],
  ]);
  return ids([...onAlbums, ...onTracks]);
}

export async function playlistsWith(db: Db, trackIds: number[], userIds: number[]): Promise<number[]> {
  const [byTrack, byOwner, byEditor] = await Promise.all([
    trackIds.length
      ? db
          .selectFrom('playlist_track')
          .select('playlist_id as id')
          .where('track_id', 'in', trackIds)
          .execute()
      : [],
    userIds.length ? db.selectFrom('playlists').select('id').where('owner_id', 'in', userIds).execute() : [],
    userIds.length
      ? db.selectFrom('playlist_editor').select('playlist_id as id').where('user_id', 'in', userIds).execute()
      : [],
  ]);
  return ids([...byTrack, ...byOwner, ...byEditor]);
}
