import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { TUploadDraftData, UploadDraftRow } from './upload-drafts.tables';

type Db = Kysely<Database>;

export type UploadDraftWithFile = UploadDraftRow & { file_name: string };

function withFile(db: Db) {
  return db
    .selectFrom('upload_drafts')
    .innerJoin('file_entries', 'file_entries.id', 'upload_drafts.file_entry_id')
    .selectAll('upload_drafts')
    .select('file_entries.name as file_name');
}

/**
 * A user's drafts in one workspace (null: the personal space), in album order: the track number
 * the tags gave (or the user set), then the title. Files upload side by side, so the order in
 * which their drafts were created says nothing about the album.
 */
export async function listOwned(
  db: Db,
  userId: number,
  workspaceId: number | null,
): Promise<UploadDraftWithFile[]> {
  return withFile(db)
    .where('upload_drafts.user_id', '=', userId)
    .where((eb) =>
      workspaceId === null
        ? eb('upload_drafts.workspace_id', 'is', null)
        : eb('upload_drafts.workspace_id', '=', workspaceId),
    )
    .orderBy(sql`(upload_drafts.data->>'number')::int asc nulls last`)
    .orderBy(sql`upload_drafts.data->>'name'`)
    .orderBy('upload_drafts.id')
    .execute();
}

export async function findOwned(
  db: Db,
  userId: number,
  id: number,
): Promise<UploadDraftWithFile | undefined> {
  return withFile(db)
    .where('upload_drafts.id', '=', id)
    .where('upload_drafts.user_id', '=', userId)
    .executeTakeFirst();
}

export async function findByFile(db: Db, fileEntryId: number): Promise<UploadDraftWithFile | undefined> {
  return withFile(db).where('upload_drafts.file_entry_id', '=', fileEntryId).executeTakeFirst();
}

/** One draft per file: a second insert for the same file (a retried request) keeps the first. */
export async function insert(
  db: Db,
  row: {
    user_id: number;
    workspace_id: number | null;
    file_entry_id: number;
    image_entry_id: number | null;
    data: TUploadDraftData;
  },
): Promise<number | null> {
  const inserted = await db
    .insertInto('upload_drafts')
    .values({ ...row, data: JSON.stringify(row.data) })
    .onConflict((oc) => oc.column('file_entry_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted ? inserted.id : null;
}

export async function updateData(db: Db, id: number, data: TUploadDraftData): Promise<void> {
  await db
    .updateTable('upload_drafts')
    .set({ data: JSON.stringify(data), updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function deleteById(db: Db, id: number): Promise<void> {
  await db.deleteFrom('upload_drafts').where('id', '=', id).execute();
}

/** Published files are tracks now: their drafts go (in the publish transaction). */
export async function deleteByFiles(db: Db, userId: number, fileEntryIds: number[]): Promise<void> {
  if (fileEntryIds.length === 0) return;
  await db
    .deleteFrom('upload_drafts')
    .where('user_id', '=', userId)
    .where('file_entry_id', 'in', fileEntryIds)
    .execute();
}

/** Whether a published track or album shows this image url (a cover kept after publishing). */
export async function isImageShown(db: Db, url: string): Promise<boolean> {
  const [track, album] = await Promise.all([
    db.selectFrom('tracks').select('id').where('image', '=', url).limit(1).executeTakeFirst(),
    db.selectFrom('albums').select('id').where('image', '=', url).limit(1).executeTakeFirst(),
  ]);
  return track !== undefined || album !== undefined;
}
