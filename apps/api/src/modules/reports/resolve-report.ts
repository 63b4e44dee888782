import type { TReportableType, TReportResolution } from '@cadence/contracts/report';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import { bulkDeleteAlbums, bulkDeleteTracks } from '../admin-catalogue/bulk-delete';
import { deleteLinks } from '../catalogue/catalogue-links';

type Trx = Transaction<Database>;

/** Hiding takes an item out of public view and can be undone; comments and users are never erased here. */
async function hide(trx: Trx, type: TReportableType, id: number): Promise<void> {
  const now = new Date();
  switch (type) {
    case 'track':
      await trx
        .updateTable('tracks')
        .set({ visibility: 'private', updated_at: now })
        .where('id', '=', id)
        .execute();
      return;
    case 'album':
      await trx
        .updateTable('tracks')
        .set({ visibility: 'private', updated_at: now })
        .where('album_id', '=', id)
        .execute();
      return;
    case 'playlist':
      await trx
        .updateTable('playlists')
        .set({ public: false, updated_at: now })
        .where('id', '=', id)
        .execute();
      return;
    case 'comment':
      await trx
        .updateTable('comments')
        .set({ deleted: true, updated_at: now })
        .where('id', '=', id)
        .execute();
      return;
    case 'user':
      await trx.updateTable('users').set({ banned_at: now, updated_at: now }).where('id', '=', id).execute();
      return;
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
        await trx.deleteFrom('playlists').where('id', '=', id).execute();
      });
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
  const { rows } = await sql<{ reporter_id: number | null }>`update reports
    set status = 'resolved', resolution = ${resolution}, resolved_by = ${adminId}, resolved_at = now(), updated_at = now()
    where reportable_type = ${type} and reportable_id = ${id} and status = 'open'
    returning reporter_id`.execute(db);
  return [...new Set(rows.flatMap((row) => (row.reporter_id === null ? [] : [row.reporter_id])))];
}
