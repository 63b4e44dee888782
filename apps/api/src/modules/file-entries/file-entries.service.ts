import type { TDeleteFileEntriesRequest, TUploadMetadata } from '@cadence/contracts/uploads';
import type { Kysely } from 'kysely';
import type { AuthUser } from '../../platform/auth/auth-user';
import { can } from '../../platform/auth/can';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import type { Storage } from '../../platform/storage/get-storage';
import type { StorageDisk } from '../../platform/storage/storage';
import type { SettingsService } from '../settings/settings.service';
import { SNIFF_BYTES, type SniffedType, sniffType } from '../uploads/sniff-type';
import {
  assertSizeAllowed,
  assertSpaceAvailable,
  assertTypeAllowed,
  loadUploadPolicy,
  type UploadPolicy,
} from '../uploads/upload-policy';
import * as fileEntriesRepository from './file-entries.repository';
import type { FileEntryRow } from './file-entries.tables';
import { toFileEntryDto } from './file-entry-dto';

type Deps = { db: Kysely<Database>; storage: Storage; settings: SettingsService; appUrl: string };

export type ClientClaims = {
  clientName: string;
  clientMime?: string | null;
  clientExtension?: string | null;
  metadata?: TUploadMetadata;
};

/** The name shown to people: the client's, without folders or control characters. */
export function displayName(clientName: string): string {
  const base = clientName.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 255);
  return cleaned || 'file';
}

async function readHead(stream: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    chunks.push(Buffer.from(chunk));
    length += chunk.length;
    if (length >= SNIFF_BYTES) break;
  }
  return Buffer.concat(chunks).subarray(0, SNIFF_BYTES);
}

export function createFileEntriesService({ db, storage, settings, appUrl }: Deps) {
  const canManageAll = (user: AuthUser, permission: string) => can(user, null, permission);

  async function assertParentOwned(
    user: AuthUser,
    parentId: number | null | undefined,
  ): Promise<number | null> {
    if (!parentId) return null;
    const parent = await fileEntriesRepository.findById(db, parentId);
    if (!parent || parent.deleted_at) throw new AppError('not_found', 'Parent folder not found.');
    if (parent.owner_id !== user.id && !canManageAll(user, 'files.update')) throw new AppError('forbidden');
    return parent.id;
  }

  return {
    policyFor: (user: AuthUser): Promise<UploadPolicy> => loadUploadPolicy(settings, user),
    usedBytes: (ownerId: number) => fileEntriesRepository.usedBytes(db, ownerId),
    dto: (row: FileEntryRow) => toFileEntryDto(row, storage.get(row.disk), appUrl),

    /** Size and quota checks that need no bytes: run before accepting an upload. */
    async assertCanStore(user: AuthUser, policy: UploadPolicy, clientName: string, size: number) {
      assertSizeAllowed(policy, displayName(clientName), size);
      assertSpaceAvailable(policy, await fileEntriesRepository.usedBytes(db, user.id), size);
    },

    /**
     * Turns bytes already in storage into an entry, judging them by what is actually stored (size
     * from the store, type from the first bytes); refused bytes are deleted.
     */
    async adoptStoredFile(
      user: AuthUser,
      input: ClientClaims & { disk: StorageDisk; path: string; fileName: string; sniffed?: SniffedType },
    ): Promise<FileEntryRow> {
      const driver = storage.get(input.disk);
      try {
        const info = await driver.stat(input.path);
        if (!info) throw new AppError('not_found', 'The uploaded file was not found.');
        const policy = await loadUploadPolicy(settings, user);
        const name = displayName(input.clientName);
        assertSizeAllowed(policy, name, info.size);
        const type =
          input.sniffed ??
          (await sniffType(
            info.size > 0
              ? await readHead(await driver.createReadStream(input.path, { start: 0, end: SNIFF_BYTES - 1 }))
              : Buffer.alloc(0),
            input.clientExtension,
          ));
        assertTypeAllowed(policy, type);
        const parentId = await assertParentOwned(user, input.metadata?.parentId);
        // Serialise a user's quota check and insert so parallel uploads cannot overshoot together.
        return await db.transaction().execute(async (trx) => {
          await fileEntriesRepository.lockOwner(trx, user.id);
          assertSpaceAvailable(policy, await fileEntriesRepository.usedBytes(trx, user.id), info.size);
          return fileEntriesRepository.insert(trx, {
            name,
            file_name: input.fileName,
            client_name: input.clientName.slice(0, 255),
            client_mime: input.clientMime?.slice(0, 255) ?? null,
            client_extension: input.clientExtension?.slice(0, 255) ?? null,
            mime: type.mime,
            extension: type.extension,
            file_size: info.size,
            path: input.path,
            disk: input.disk,
            driver: driver.driver,
            parent_id: parentId,
            owner_id: user.id,
          });
        });
      } catch (error) {
        await driver.delete(input.path).catch(() => {});
        throw error;
      }
    },

    /** Soft delete by default; `deleteForever` removes rows and bytes. Unowned entries are refused. */
    async deleteEntries(user: AuthUser, request: TDeleteFileEntriesRequest): Promise<number[]> {
      const rows = await fileEntriesRepository.findForDeletion(
        db,
        request.entryIds ?? [],
        request.paths ?? [],
      );
      const isAdmin = canManageAll(user, 'files.delete');
      if (rows.some((row) => row.owner_id !== user.id) && !isAdmin) throw new AppError('forbidden');
      const ids = rows.map((row) => row.id);
      if (!request.deleteForever) {
        await fileEntriesRepository.softDelete(db, ids);
        return ids;
      }
      await fileEntriesRepository.deleteRows(db, ids);
      await Promise.all(rows.map((row) => storage.get(row.disk).delete(row.path)));
      return ids;
    },

    /**
     * Removes entries and their bytes for good, for the system (a deleted track's upload):
     * idempotent, so a retried job finds nothing left and succeeds. Bytes go before rows so a
     * failed storage call leaves the row for the retry.
     */
    async purge(ids: number[]): Promise<number> {
      const rows = await fileEntriesRepository.findForDeletion(db, ids, []);
      await Promise.all(rows.map((row) => storage.get(row.disk).delete(row.path)));
      await fileEntriesRepository.deleteRows(
        db,
        rows.map((row) => row.id),
      );
      return rows.length;
    },

    /** An entry its owner (or a files.view holder) may read; deleted entries are not found. */
    async findReadable(user: AuthUser | null, id: number): Promise<FileEntryRow> {
      const row = await fileEntriesRepository.findById(db, id);
      if (!row || row.deleted_at) throw new AppError('not_found');
      if (!user) throw new AppError('unauthenticated');
      if (row.owner_id !== user.id && !canManageAll(user, 'files.view')) throw new AppError('forbidden');
      return row;
    },
  };
}

export type FileEntriesService = ReturnType<typeof createFileEntriesService>;
