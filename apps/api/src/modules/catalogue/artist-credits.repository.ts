import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export type CreditedKind = 'album' | 'track';

/** The artists credited on one album or track (a subquery for `in`). */
export function creditedArtistIds(db: Kysely<Database>, kind: CreditedKind, itemId: number) {
  if (kind === 'album')
    return db.selectFrom('album_artist').select('artist_id').where('album_id', '=', itemId);
  return db.selectFrom('artist_track').select('artist_id').where('track_id', '=', itemId);
}

/** The ids of the albums or tracks credited to one artist (a subquery for `in`). */
export function itemsCreditedTo(db: Kysely<Database>, kind: CreditedKind, artistId: number) {
  if (kind === 'album')
    return db.selectFrom('album_artist').select('album_id as id').where('artist_id', '=', artistId);
  return db.selectFrom('artist_track').select('track_id as id').where('artist_id', '=', artistId);
}

/** True when the user manages one of the artists credited on the album or track. */
export async function managesCreditedArtist(
  db: Kysely<Database>,
  userId: number,
  kind: CreditedKind,
  itemId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('user_artist')
    .select('artist_id')
    .where('user_id', '=', userId)
    .where('artist_id', 'in', creditedArtistIds(db, kind, itemId))
    .executeTakeFirst();
  return !!row;
}

export async function replaceTrackArtists(trx: Db, trackId: number, artistIds: number[]): Promise<void> {
  await trx.deleteFrom('artist_track').where('track_id', '=', trackId).execute();
  const unique = [...new Set(artistIds)];
  await trx
    .insertInto('artist_track')
    .values(
      unique.map((artist_id, position) => ({
        artist_id,
        track_id: trackId,
        position,
        primary: position === 0,
      })),
    )
    .execute();
}

export async function replaceAlbumArtists(trx: Db, albumId: number, artistIds: number[]): Promise<void> {
  await trx.deleteFrom('album_artist').where('album_id', '=', albumId).execute();
  const unique = [...new Set(artistIds)];
  await trx
    .insertInto('album_artist')
    .values(unique.map((artist_id, position) => ({ artist_id, album_id: albumId, position })))
    .execute();
}
