import { type Insertable, type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { FileEntriesTable, FileEntryRow } from './file-entries.tables';

export type NewFileEntry = Insertable<FileEntriesTable>;

/** Locks the owner's user row until the transaction ends: one quota check at a time per user. */
export async function lockOwner(db: Kysely<Database>, ownerId: number): Promise<void> {
  await db.selectFrom('users').select('id').where('id', '=', ownerId).forUpdate().execute();
}

/** A public file moved to the trash is no longer served. */
export async function isTrashedPublic(db: Kysely<Database>, storagePath: string): Promise<boolean> {
  const row = await db
    .selectFrom('file_entries')
    .select('id')
    .where('disk', '=', 'public')
    .where('path', '=', storagePath)
    .where('deleted_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insert(db: Kysely<Database>, entry: NewFileEntry): Promise<FileEntryRow> {
  return db.insertInto('file_entries').values(entry).returningAll().executeTakeFirstOrThrow();
}

/** The entries among `ids` the owner has and has not trashed. */
export async function liveOwnedIds(
  db: Kysely<Database>,
  ids: number[],
  ownerId: number,
): Promise<{ id: number }[]> {
  return db
    .selectFrom('file_entries')
    .select('id')
    .where('id', 'in', ids)
    .where('owner_id', '=', ownerId)
    .where('deleted_at', 'is', null)
    .execute();
}

/** Name, type and size of the entries among `ids` that are not trashed. */
export async function liveSummaries(db: Kysely<Database>, ids: number[]) {
  return db
    .selectFrom('file_entries')
    .select(['id', 'name', 'mime', 'file_size'])
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();
}

export async function findById(db: Kysely<Database>, id: number): Promise<FileEntryRow | undefined> {
  return db.selectFrom('file_entries').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findForDeletion(
  db: Kysely<Database>,
  ids: number[],
  paths: string[],
): Promise<FileEntryRow[]> {
  if (ids.length === 0 && paths.length === 0) return [];
  return db
    .selectFrom('file_entries')
    .selectAll()
    .where((eb) =>
      eb.or([
        ...(ids.length ? [eb('id', 'in', ids)] : []),
        ...(paths.length ? [eb('path', 'in', paths)] : []),
      ]),
    )
    .execute();
}

/** Soft-deleted entries still hold bytes, so they count against the quota until deleted forever. */
export async function usedBytes(db: Kysely<Database>, ownerId: number): Promise<number> {
  const row = await db
    .selectFrom('file_entries')
    .select(sql<string>`coalesce(sum(file_size), 0)`.as('total'))
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function softDelete(db: Kysely<Database>, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('file_entries')
    .set({ deleted_at: new Date(), updated_at: new Date() })
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();
}

export async function deleteRows(db: Kysely<Database>, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('file_entries').where('id', 'in', ids).execute();
}
