import { type Insertable, type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { FileEntriesTable, FileEntryRow } from './file-entries.tables';

export type NewFileEntry = Insertable<FileEntriesTable>;

export const fileEntriesRepository = {
  /** A public file moved to the trash is no longer served. */
  async isTrashedPublic(db: Kysely<Database>, storagePath: string): Promise<boolean> {
    const row = await db
      .selectFrom('file_entries')
      .select('id')
      .where('disk', '=', 'public')
      .where('path', '=', storagePath)
      .where('deleted_at', 'is not', null)
      .executeTakeFirst();
    return row !== undefined;
  },

  async insert(db: Kysely<Database>, entry: NewFileEntry): Promise<FileEntryRow> {
    return db.insertInto('file_entries').values(entry).returningAll().executeTakeFirstOrThrow();
  },

  async findById(db: Kysely<Database>, id: number): Promise<FileEntryRow | undefined> {
    return db.selectFrom('file_entries').selectAll().where('id', '=', id).executeTakeFirst();
  },

  async findForDeletion(db: Kysely<Database>, ids: number[], paths: string[]): Promise<FileEntryRow[]> {
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
  },

  /** Soft-deleted entries still hold bytes, so they count against the quota until deleted forever. */
  async usedBytes(db: Kysely<Database>, ownerId: number): Promise<number> {
    const row = await db
      .selectFrom('file_entries')
      .select(sql<string>`coalesce(sum(file_size), 0)`.as('total'))
      .where('owner_id', '=', ownerId)
      .executeTakeFirstOrThrow();
    return Number(row.total);
  },

  async softDelete(db: Kysely<Database>, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await db
      .updateTable('file_entries')
      .set({ deleted_at: new Date(), updated_at: new Date() })
      .where('id', 'in', ids)
      .where('deleted_at', 'is', null)
      .execute();
  },

  async deleteRows(db: Kysely<Database>, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await db.deleteFrom('file_entries').where('id', 'in', ids).execute();
  },
};
