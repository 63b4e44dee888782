import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';

/** The id of an artist that is not disabled, or undefined. */
export async function findEnabledArtistId(db: Kysely<Database>, id: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('artists')
    .select('id')
    .where('id', '=', id)
    .where('disabled', '=', false)
    .executeTakeFirst();
  return row?.id;
}

/** Adds a counted play to every artist credited on the track. */
export async function countCreditedArtistsPlay(db: Kysely<Database>, trackId: number): Promise<void> {
  await db
    .updateTable('artists')
    .set({ plays: sql`plays + 1` })
    .where('id', 'in', (eb) =>
      eb.selectFrom('artist_track').select('artist_id').where('track_id', '=', trackId),
    )
    .execute();
}

export async function artistExists(db: Kysely<Database>, id: number): Promise<boolean> {
  return !!(await db.selectFrom('artists').select('id').where('id', '=', id).executeTakeFirst());
}

/** Name and small image of each artist, for follow lists. */
export function artistNameRows(db: Kysely<Database>, ids: number[]) {
  return db.selectFrom('artists').select(['id', 'name', 'image_small']).where('id', 'in', ids).execute();
}
