import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { dateText } from '../catalogue/catalogue-utils';

/** Adds a counted play to the album's total. */
export async function countAlbumPlay(db: Kysely<Database>, albumId: number): Promise<void> {
  await db.updateTable('albums').set({ plays: sql`plays + 1` }).where('id', '=', albumId).execute();
}

export async function albumExists(db: Kysely<Database>, id: number): Promise<boolean> {
  return !!(await db.selectFrom('albums').select('id').where('id', '=', id).executeTakeFirst());
}

/** Album rows with `release_date` as `YYYY-MM-DD` text, as the album DTO expects. */
export function findAlbums(db: Kysely<Database>, ids: number[]) {
  return db
    .selectFrom('albums')
    .selectAll()
    .select(dateText('albums.release_date').as('release_date'))
    .where('id', 'in', ids)
    .execute();
}
