import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { deleteLinks } from '../catalogue/catalogue-links';

type Trx = Transaction<Database>;
export const PURGE_FILES_JOB = 'catalogue.purge-files';

const TRACK_LINKS = ['likes', 'reposts', 'comments', 'genreables', 'taggables', 'channelables'] as const;
const ALBUM_LINKS = TRACK_LINKS;
const ARTIST_LINKS = ['likes', 'follows', 'genreables', 'taggables', 'channelables'] as const;

/**
 * Deletes tracks in the caller's transaction, keeping the album and artist play counters equal
 * to the sum over what remains. Answers the uploaded file entries to purge after commit
 * (imported library files are the operator's own and are never removed).
 */
async function deleteTracksIn(trx: Trx, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await trx
    .selectFrom('tracks')
    .select(['id', 'album_id', 'plays', 'file_entry_id'])
    .where('id', 'in', ids)
    .forUpdate()
    .execute();
  const found = rows.map((row) => Number(row.id));
  if (found.length === 0) return [];
  await sql`update albums a set plays = greatest(0, a.plays - d.plays)
    from (select album_id, sum(plays) as plays from tracks where id = any(${found}::bigint[])
      and album_id is not null group by album_id) d where a.id = d.album_id`.execute(trx);
  await sql`update artists a set plays = greatest(0, a.plays - d.plays)
    from (select at.artist_id, sum(t.plays) as plays from artist_track at join tracks t on t.id = at.track_id
      where t.id = any(${found}::bigint[]) group by at.artist_id) d where a.id = d.artist_id`.execute(trx);
  await deleteLinks(trx, TRACK_LINKS, 'track', found);
  await trx.deleteFrom('tracks').where('id', 'in', found).execute();
  return rows.flatMap((row) => (row.file_entry_id === null ? [] : [Number(row.file_entry_id)]));
}

export type BulkDeleteResult = { deleted: number; fileEntryIds: number[] };

export async function bulkDeleteTracks(db: Kysely<Database>, ids: number[]): Promise<BulkDeleteResult> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('tracks').select('id').where('id', 'in', ids).execute();
    const fileEntryIds = await deleteTracksIn(trx, ids);
    return { deleted: existing.length, fileEntryIds };
  });
}

/** Albums go with their tracks (they were uploaded as part of them), as a single delete does. */
export async function bulkDeleteAlbums(db: Kysely<Database>, ids: number[]): Promise<BulkDeleteResult> {
  return db.transaction().execute(async (trx) => {
    const albums = await trx.selectFrom('albums').select('id').where('id', 'in', ids).forUpdate().execute();
    const found = albums.map((row) => Number(row.id));
    if (found.length === 0) return { deleted: 0, fileEntryIds: [] };
    const tracks = await trx.selectFrom('tracks').select('id').where('album_id', 'in', found).execute();
    const fileEntryIds = await deleteTracksIn(
      trx,
      tracks.map((row) => Number(row.id)),
    );
    await deleteLinks(trx, ALBUM_LINKS, 'album', found);
    await trx.deleteFrom('albums').where('id', 'in', found).execute();
    return { deleted: found.length, fileEntryIds };
  });
}

/** Artists leave their albums and tracks in place (credits go; other artists may share them). */
export async function bulkDeleteArtists(db: Kysely<Database>, ids: number[]): Promise<BulkDeleteResult> {
  return db.transaction().execute(async (trx) => {
    const artists = await trx.selectFrom('artists').select('id').where('id', 'in', ids).forUpdate().execute();
    const found = artists.map((row) => Number(row.id));
    if (found.length === 0) return { deleted: 0, fileEntryIds: [] };
    await deleteLinks(trx, ARTIST_LINKS, 'artist', found);
    await trx.deleteFrom('artists').where('id', 'in', found).execute();
    return { deleted: found.length, fileEntryIds: [] };
  });
}
