import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';

export type DeletedUpload = { id: number; disk: 'uploads' | 'public'; path: string };

/**
 * Deletes, in one statement, up to `limit` entries of the uploads disk created before `before`
 * that nothing points at: no track plays them, no upload draft keeps them, no backstage request
 * offers them as proof, no file sits inside them; a file put in a folder was filed on purpose
 * and stays. Public-disk files (images) are never touched:
 * pages point at them by url, which no query can see. Trashed entries are the trash's business.
 * The check and the delete are one statement, so a reference written before it is respected.
 */
export async function deleteOrphanUploads(
  db: Kysely<Database>,
  before: Date,
  limit: number,
): Promise<DeletedUpload[]> {
  const candidates = db
    .selectFrom('file_entries as fe')
    .select('fe.id')
    .where('fe.disk', '=', 'uploads')
    .where('fe.deleted_at', 'is', null)
    .where('fe.parent_id', 'is', null)
    .where('fe.created_at', '<', before)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(selectFrom('tracks').select(sql`1`.as('one')).whereRef('tracks.file_entry_id', '=', 'fe.id')),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('upload_drafts as d')
            .select(sql`1`.as('one'))
            .where((eb) =>
              eb.or([
                eb('d.file_entry_id', '=', eb.ref('fe.id')),
                eb('d.image_entry_id', '=', eb.ref('fe.id')),
              ]),
            ),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('file_entries as child')
            .select(sql`1`.as('one'))
            .whereRef('child.parent_id', '=', 'fe.id'),
        ),
      ),
    )
    .where(
      sql<boolean>`not exists (select 1 from backstage_requests r where r.data -> 'proof_file_ids' @> to_jsonb(fe.id))`,
    )
    .orderBy('fe.id')
    .limit(limit);
  const rows = await db
    .deleteFrom('file_entries')
    .where('id', 'in', candidates)
    .returning(['id', 'disk', 'path'])
    .execute();
  return rows;
}
