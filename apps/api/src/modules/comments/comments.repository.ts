import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { CommentsTable } from './comments.tables';

type Db = Kysely<Database>;
type Target = { commentable_type: 'track' | 'album'; commentable_id: number };

export function findComment(db: Db, id: number) {
  return db.selectFrom('comments').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * One page of a thread list: the count of top-level comments, the paths of the page's roots
 * (newest first), and every comment under those roots (unordered: the caller sorts).
 */
export async function threadPage(db: Db, target: Target, page: { page: number; perPage: number }) {
  const base = db
    .selectFrom('comments')
    .where('commentable_type', '=', target.commentable_type)
    .where('commentable_id', '=', target.commentable_id);
  const [{ total }, roots] = await Promise.all([
    base.where('depth', '=', 0).select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
    base
      .where('depth', '=', 0)
      .select('path')
      .orderBy('id', 'desc')
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage)
      .execute(),
  ]);
  const rows = roots.length
    ? await base
        .selectAll()
        .where(sql<boolean>`substr(path, 1, 20) in (${sql.join(roots.map((root) => root.path))})`)
        .execute()
    : [];
  return { total, roots, rows };
}

/** Inserts the comment, then sets its `path` (which needs the new id) in the same transaction. */
export async function insertComment(
  trx: Transaction<Database>,
  values: Insertable<CommentsTable>,
  pathOf: (id: number) => string,
) {
  const inserted = await trx.insertInto('comments').values(values).returning('id').executeTakeFirstOrThrow();
  return trx
    .updateTable('comments')
    .set({ path: pathOf(inserted.id) })
    .where('id', '=', inserted.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateCommentContent(db: Db, id: number, content: string) {
  return db
    .updateTable('comments')
    .set({ content, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function markCommentDeleted(db: Db, id: number, now = new Date()): Promise<void> {
  await db.updateTable('comments').set({ deleted: true, updated_at: now }).where('id', '=', id).execute();
}
