import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { S3UploadRow, S3UploadsTable, TRecordedPart } from './s3-uploads.tables';

export async function insert(db: Kysely<Database>, row: Insertable<S3UploadsTable>): Promise<void> {
  await db.insertInto('s3_uploads').values(row).execute();
}

export async function findOwned(
  db: Kysely<Database>,
  ownerId: number,
  key: string,
): Promise<S3UploadRow | undefined> {
  return db
    .selectFrom('s3_uploads')
    .selectAll()
    .where('key', '=', key)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
}

export async function saveParts(db: Kysely<Database>, id: number, parts: TRecordedPart[]): Promise<void> {
  await db
    .updateTable('s3_uploads')
    .set({ parts: JSON.stringify(parts), updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function markCompleted(db: Kysely<Database>, id: number, parts: TRecordedPart[]): Promise<void> {
  await db
    .updateTable('s3_uploads')
    .set({ status: 'completed', parts: JSON.stringify(parts), updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function remove(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('s3_uploads').where('id', '=', id).execute();
}

/** Later reports of a part win: a retried part gets a new ETag. */
export function mergeParts(recorded: TRecordedPart[], reported: TRecordedPart[]): TRecordedPart[] {
  const byNumber = new Map(recorded.map((part) => [part.PartNumber, part]));
  for (const part of reported) byNumber.set(part.PartNumber, part);
  return [...byNumber.values()].sort((a, b) => a.PartNumber - b.PartNumber);
}
