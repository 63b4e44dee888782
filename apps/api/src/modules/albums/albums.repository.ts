import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';

/** Adds a counted play to the album's total. */
export async function countAlbumPlay(db: Kysely<Database>, albumId: number): Promise<void> {
  await db.updateTable('albums').set({ plays: sql`plays + 1` }).where('id', '=', albumId).execute();
}
