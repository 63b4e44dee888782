import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../platform/db/schema';

// The track rows the access rules read (track-access.ts), below the tracks module.

type Db = Kysely<Database>;

export function findTrack(db: Db, id: number): Promise<Selectable<Database['tracks']> | undefined> {
  return db.selectFrom('tracks').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * What the stream and download routes need of a track: who may play it and where its bytes
 * are. Every range request of a player asks this, so it leaves the waveform and text behind.
 */
export function findStreamableTrack(db: Db, id: number) {
  return db
    .selectFrom('tracks')
    .select(['id', 'name', 'visibility', 'owner_id', 'src', 'mime', 'file_entry_id', 'bitrate', 'duration'])
    .where('id', '=', id)
    .executeTakeFirst();
}
export type StreamableTrack = NonNullable<Awaited<ReturnType<typeof findStreamableTrack>>>;
