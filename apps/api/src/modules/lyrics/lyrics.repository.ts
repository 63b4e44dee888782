import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

type LyricsValues = { text: string; synced: boolean; language: string | null; source: string | null };

/** One track's lyrics: read, upsert, delete. */
export function createLyricsRepository(db: Kysely<Database>) {
  return {
    ofTrack: (trackId: number) =>
      db.selectFrom('lyrics').selectAll().where('track_id', '=', trackId).executeTakeFirst(),

    async exists(trackId: number): Promise<boolean> {
      return !!(await db
        .selectFrom('lyrics')
        .select('id')
        .where('track_id', '=', trackId)
        .executeTakeFirst());
    },

    upsert: (trackId: number, values: LyricsValues) =>
      db
        .insertInto('lyrics')
        .values({ track_id: trackId, ...values })
        .onConflict((oc) => oc.column('track_id').doUpdateSet({ ...values, updated_at: new Date() }))
        .returningAll()
        .executeTakeFirstOrThrow(),

    /** False when the track had no lyrics. */
    async remove(trackId: number): Promise<boolean> {
      const deleted = await db.deleteFrom('lyrics').where('track_id', '=', trackId).executeTakeFirst();
      return Number(deleted.numDeletedRows) > 0;
    },
  };
}
