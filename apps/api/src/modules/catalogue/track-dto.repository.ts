import type { TAlbumRef } from '@cadence/contracts/catalogue';
import { type Kysely, sql } from 'kysely';
import { jsonObjectFrom } from 'kysely/helpers/postgres';
import type { Database } from '../../platform/db/schema';

type Db = Kysely<Database>;

// The rows a track DTO borrows from its neighbours (album refs, whether lyrics exist), batched per page.

export function albumRefsOf(db: Db, albumIds: number[]): Promise<TAlbumRef[]> {
  return db
    .selectFrom('albums')
    .select(['id', 'name', 'slug', 'image'])
    .where('id', 'in', albumIds)
    .execute();
}

export function tracksWithLyrics(db: Db, trackIds: number[]): Promise<{ track_id: number }[]> {
  return db.selectFrom('lyrics').select('track_id').where('track_id', 'in', trackIds).execute();
}

/** The ref of the album `albumId` (an outer query's column) names, as a JSON object or null. */
export function albumRefJson(db: Db, albumId: string) {
  return jsonObjectFrom(
    db
      .selectFrom('albums')
      .select(['albums.id', 'albums.name', 'albums.slug', 'albums.image'])
      .where('albums.id', '=', sql.ref<number>(albumId)),
  );
}
