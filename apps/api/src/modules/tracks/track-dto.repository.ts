import type { TAlbumRef } from '@cadence/contracts/catalogue';
import type { Kysely } from 'kysely';
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
