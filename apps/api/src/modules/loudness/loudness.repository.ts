import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import '../tracks/tracks.tables';

type Db = Kysely<Database>;

export function findTrackForLoudness(db: Db, trackId: number) {
  return db
    .selectFrom('tracks')
    .select(['id', 'album_id', 'src', 'mime', 'file_entry_id', 'loudness_measured_at'])
    .where('id', '=', trackId)
    .executeTakeFirst();
}

export async function saveTrackLoudness(
  db: Db,
  trackId: number,
  values: { lufs: number | null; gain: number | null; peak: number | null },
) {
  await db
    .updateTable('tracks')
    .set({
      loudness_lufs: values.lufs,
      track_gain: values.gain,
      track_peak: values.peak,
      loudness_measured_at: new Date(),
    })
    .where('id', '=', trackId)
    .execute();
}

/** The measured tracks of an album (those not measured yet wait for their own job). */
export function albumTrackLoudness(db: Db, albumId: number) {
  return db
    .selectFrom('tracks')
    .select(['loudness_lufs', 'track_peak', 'duration'])
    .where('album_id', '=', albumId)
    .where('loudness_lufs', 'is not', null)
    .execute();
}

export async function saveAlbumGain(db: Db, albumId: number, gain: number | null, peak: number | null) {
  await db
    .updateTable('tracks')
    .set({ album_gain: gain, album_peak: peak })
    .where('album_id', '=', albumId)
    .execute();
}

/** Up to `limit` ids of tracks never measured, after `afterId` (the backfill's cursor). */
export async function unmeasuredTrackIds(db: Db, afterId: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('tracks')
    .select('id')
    .where('loudness_measured_at', 'is', null)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** How far the catalogue is measured: the admin's progress. */
export async function loudnessProgress(db: Db): Promise<{ measured: number; total: number }> {
  const row = await db
    .selectFrom('tracks')
    .select((eb) => [
      eb.fn.countAll<string>().as('total'),
      eb.fn.count<string>('loudness_measured_at').as('measured'),
    ])
    .executeTakeFirstOrThrow();
  return { measured: Number(row.measured), total: Number(row.total) };
}
