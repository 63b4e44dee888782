import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';

/** Who may see each track: what other modules check before they link to one. */
export function trackVisibility(db: Kysely<Database>, ids: number[]) {
  return db.selectFrom('tracks').select(['id', 'visibility', 'owner_id']).where('id', 'in', ids).execute();
}

export async function countDownload(db: Kysely<Database>, trackId: number): Promise<void> {
  await db.updateTable('tracks').set({ downloads: sql`downloads + 1` }).where('id', '=', trackId).execute();
}

/** Adds a counted play; the new total, or undefined when the track is gone. */
export async function countTrackPlay(db: Kysely<Database>, trackId: number): Promise<number | undefined> {
  const row = await db
    .updateTable('tracks')
    .set({ plays: sql`plays + 1` })
    .where('id', '=', trackId)
    .returning('plays')
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.plays);
}
