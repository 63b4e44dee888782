import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';

type Db = Kysely<Database> | Transaction<Database>;

type LyricsValues = { text: string; synced: boolean; language: string | null; source: string | null };

/** One track's lyrics: read, upsert, delete. */
export function ofTrack(db: Db, trackId: number) {
  return db.selectFrom('lyrics').selectAll().where('track_id', '=', trackId).executeTakeFirst();
}

export async function exists(db: Db, trackId: number): Promise<boolean> {
  return !!(await db.selectFrom('lyrics').select('id').where('track_id', '=', trackId).executeTakeFirst());
}

export function upsert(db: Db, trackId: number, values: LyricsValues) {
  return db
    .insertInto('lyrics')
    .values({ track_id: trackId, ...values })
    .onConflict((oc) => oc.column('track_id').doUpdateSet({ ...values, updated_at: new Date() }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** False when the track had no lyrics. */
export async function remove(db: Db, trackId: number): Promise<boolean> {
  const deleted = await db.deleteFrom('lyrics').where('track_id', '=', trackId).executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}
