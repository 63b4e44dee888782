import type { TReportableType, TReportResolution } from '@cadence/contracts/report';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import { bulkDeleteAlbums, bulkDeleteTracks } from '../admin-catalogue/bulk-delete';
import { type CatalogueChange, catalogueChanged } from '../catalogue/catalogue-invalidation';
import { deleteLinks } from '../catalogue/catalogue-links.repository';
import { markCommentDeleted } from '../comments/comments.repository';
import { makePrivate } from '../tracks/tracks.repository';
import { banUser, deletePlaylistRow, resolveOpenReports, unpublishPlaylist } from './reports.repository';

type Trx = Transaction<Database>;

/** Hiding takes an item out of public view and can be undone; comments and users are never erased here. */
async function hide(trx: Trx, type: TReportableType, id: number): Promise<void> {
  const now = new Date();
  switch (type) {
    case 'track':
      return makePrivate(trx, { trackId: id }, now);
    case 'album':
      return makePrivate(trx, { albumId: id }, now);
    case 'playlist':
      return unpublishPlaylist(trx, id, now);
    case 'comment':
      return markCommentDeleted(trx, id, now);
    case 'user':
      return banUser(trx, id, now);
  }
}

/** The cached catalogue pages a hidden item leaves (a banned user's playlists show them as owner). */
function changeOf(type: TReportableType, id: number): CatalogueChange {
  switch (type) {
    case 'track':
      return { tracks: [id] };
    case 'album':
      return { albums: [id] };
    case 'playlist':
      return { playlists: [id] };
    case 'user':
      return { users: [id] };
    case 'comment':
      return {};
  }
}

/**
 * Applies a resolution to the reported item. Deleting tracks and albums reuses the bulk delete
 * (its own transaction, counters kept); a comment's delete is its soft delete so the thread stays.
 * Answers uploaded file entries to purge.
 */
export async function applyResolution(
  db: Kysely<Database>,
  type: TReportableType,
  id: number,
  resolution: TReportResolution,
): Promise<number[]> {
  if (resolution === 'dismiss') return [];
  if (resolution === 'hide' || type === 'comment') {
    await db.transaction().execute((trx) => hide(trx, type, id));
    await catalogueChanged(db, changeOf(type, id));
    return [];
  }
  switch (type) {
    case 'track':
      return (await bulkDeleteTracks(db, [id])).fileEntryIds;
    case 'album':
      return (await bulkDeleteAlbums(db, [id])).fileEntryIds;
    case 'playlist':
      await db.transaction().execute(async (trx) => {
        await deleteLinks(trx, ['likes', 'channelables'], 'playlist', [id]);
        await deletePlaylistRow(trx, id);
      });
      await catalogueChanged(db, { playlists: [id] });
      return [];
    case 'user':
      throw new AppError('validation', 'Delete accounts from the users page; hide bans the user.', {
        resolution: 'Delete accounts from the users page; hide bans the user.',
      });
  }
  return [];
}

/** Marks every open report about the item resolved; answers the reporters to tell. */
export async function closeReports(
  db: Kysely<Database>,
  type: TReportableType,
  id: number,
  resolution: TReportResolution,
  adminId: number,
): Promise<number[]> {
  const reporters = await resolveOpenReports(db, type, id, resolution, adminId);
  return [...new Set(reporters.flatMap((reporterId) => (reporterId === null ? [] : [reporterId])))];
}
