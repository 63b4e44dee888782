import type { TAdminFileEntry, TAdminFilesQuery, TDiskUsage } from '@cadence/contracts/admin-files';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { Storage } from '../../platform/storage/get-storage';
import { recordAudit } from '../audit-log/record-audit';
import { type AddressViewer, canSeeAddressOf } from '../users/address-viewer';
import * as repo from './admin-files.repository';
import type { FileEntriesService } from './file-entries.service';

type Deps = { db: Kysely<Database>; storage: Storage; fileEntries: FileEntriesService };
export type FilesActor = { id: number | null; ip: string | null };

const DISKS = ['uploads', 'public'] as const;

const summary = (rows: { id: number; name: string; disk: string; file_size: string | number }[]) =>
  rows.map((row) => ({ id: row.id, name: row.name, disk: row.disk, file_size: Number(row.file_size) }));

/** Spec 2.12 files: list, trash and restore, delete for ever (bytes too), storage per disk. */
export function createAdminFilesService({ db, storage, fileEntries }: Deps) {
  async function list(params: TAdminFilesQuery, viewer: AddressViewer) {
    const page = await repo.page(db, params, viewer.canSeeAll);
    const data = page.pagination.data.map(
      ({ owner_name, owner_email, ...row }): TAdminFileEntry => ({
        ...fileEntries.dto(row),
        owner:
          row.owner_id !== null && owner_email !== null
            ? {
                id: row.owner_id,
                name: owner_name || 'User',
                ...(canSeeAddressOf(viewer, row.owner_id) ? { email: owner_email } : {}),
              }
            : null,
      }),
    );
    return { pagination: { ...page.pagination, data } };
  }

  async function audited(actor: FilesActor, action: string, ids: number[], change: () => Promise<number>) {
    const rows = await repo.findByIds(db, ids);
    const count = await change();
    await recordAudit(db, {
      actorId: actor.id,
      action,
      subjectType: 'files',
      before: summary(rows),
      ipAddress: actor.ip,
    });
    return count;
  }

  /** To the trash: hidden from everyone but the admin, bytes kept (restorable). */
  const trash = (actor: FilesActor, ids: number[]) =>
    db.transaction().execute(async (trx) => {
      const rows = await repo.findByIds(trx, ids);
      const count = await repo.trash(trx, ids);
      await recordAudit(trx, {
        actorId: actor.id,
        action: 'files.trash',
        subjectType: 'files',
        before: summary(rows),
        ipAddress: actor.ip,
      });
      return count;
    });

  const restore = (actor: FilesActor, ids: number[]) =>
    db.transaction().execute(async (trx) => {
      const rows = await repo.findByIds(trx, ids);
      const count = await repo.restore(trx, ids);
      await recordAudit(trx, {
        actorId: actor.id,
        action: 'files.restore',
        subjectType: 'files',
        after: summary(rows),
        ipAddress: actor.ip,
      });
      return count;
    });

  /** Bytes first, then rows (fileEntries.purge): a failed storage call leaves the row to retry. */
  const deleteForever = (actor: FilesActor, ids: number[]) =>
    audited(actor, 'files.delete', ids, () => fileEntries.purge(ids));

  async function usage(): Promise<TDiskUsage[]> {
    const rows = await repo.usage(db);
    return DISKS.map((disk) => {
      const own = rows.filter((row) => row.disk === disk);
      return {
        disk,
        driver: storage.get(disk).driver,
        files: own.reduce((sum, row) => sum + Number(row.files), 0),
        bytes: own.reduce((sum, row) => sum + Number(row.bytes), 0),
        trashed_files: own.reduce((sum, row) => sum + Number(row.trashed_files), 0),
        trashed_bytes: own.reduce((sum, row) => sum + Number(row.trashed_bytes), 0),
      };
    });
  }

  return { list, trash, restore, deleteForever, usage };
}
