import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { changingCatalogue } from '../catalogue/catalogue-invalidation';
import { deleteLinks } from '../catalogue/catalogue-links.repository';
import * as albums from './admin-albums.repository';
import * as artists from './admin-artists.repository';
import * as tracks from './admin-tracks.repository';

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
  const rows = await tracks.lockForDelete(trx, ids);
  const found = rows.map((row) => Number(row.id));
  if (found.length === 0) return [];
  await tracks.subtractPlaysFromParents(trx, found);
  await deleteLinks(trx, TRACK_LINKS, 'track', found);
  await tracks.remove(trx, found);
  return rows.flatMap((row) => (row.file_entry_id === null ? [] : [Number(row.file_entry_id)]));
}

export type BulkDeleteResult = { deleted: number; fileEntryIds: number[] };

export async function bulkDeleteTracks(db: Kysely<Database>, ids: number[]): Promise<BulkDeleteResult> {
  return changingCatalogue(db, { tracks: ids }, () =>
    db.transaction().execute(async (trx) => {
      const existing = await tracks.existingIds(trx, ids);
      const fileEntryIds = await deleteTracksIn(trx, ids);
      return { deleted: existing.length, fileEntryIds };
    }),
  );
}

/** Albums go with their tracks (they were uploaded as part of them), as a single delete does. */
export async function bulkDeleteAlbums(db: Kysely<Database>, ids: number[]): Promise<BulkDeleteResult> {
  return changingCatalogue(db, { albums: ids }, () =>
    db.transaction().execute(async (trx) => {
      const found = await albums.lockForDelete(trx, ids);
      if (found.length === 0) return { deleted: 0, fileEntryIds: [] };
      const fileEntryIds = await deleteTracksIn(trx, await tracks.idsOfAlbums(trx, found));
      await deleteLinks(trx, ALBUM_LINKS, 'album', found);
      await albums.remove(trx, found);
      return { deleted: found.length, fileEntryIds };
    }),
  );
}

/** Artists leave their albums and tracks in place (credits go; other artists may share them). */
export async function bulkDeleteArtists(db: Kysely<Database>, ids: number[]): Promise<BulkDeleteResult> {
  return changingCatalogue(db, { artists: ids }, () =>
    db.transaction().execute(async (trx) => {
      const found = await artists.lockForDelete(trx, ids);
      if (found.length === 0) return { deleted: 0, fileEntryIds: [] };
      await deleteLinks(trx, ARTIST_LINKS, 'artist', found);
      await artists.remove(trx, found);
      return { deleted: found.length, fileEntryIds: [] };
    }),
  );
}
