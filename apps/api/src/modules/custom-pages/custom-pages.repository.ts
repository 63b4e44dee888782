import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import { type AdminListParams, adminPage, searchColumns } from '../../platform/db/admin-list';
import type { Database } from '../../platform/db/schema';
import type { CustomPagesTable } from './custom-pages.tables';
import './custom-pages.tables';

type Db = Kysely<Database> | Transaction<Database>;

export const findById = (db: Db, id: number) =>
  db.selectFrom('custom_pages').selectAll().where('id', '=', id).executeTakeFirst();

export const findBySlug = (db: Db, slug: string) =>
  db.selectFrom('custom_pages').selectAll().where('slug', '=', slug).executeTakeFirst();

export async function isSlugTaken(db: Db, slug: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('custom_pages').select('id').where('slug', '=', slug);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function countOwnedBy(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('custom_pages')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function list(db: Db, params: AdminListParams) {
  let base = db.selectFrom('custom_pages');
  if (params.query) base = base.where(searchColumns(['title', 'slug'], params.query));
  return adminPage(
    base,
    params,
    {
      sortable: { title: 'title', slug: 'slug', updated_at: 'updated_at', created_at: 'created_at' },
      defaultOrderBy: 'updated_at',
      tieBreaker: 'id',
    },
    (query) => query.selectAll(),
  );
}

export const insert = (db: Db, values: Insertable<CustomPagesTable>) =>
  db.insertInto('custom_pages').values(values).returningAll().executeTakeFirstOrThrow();

export const update = (db: Db, id: number, values: Updateable<CustomPagesTable>) =>
  db
    .updateTable('custom_pages')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();

export const deleteMany = (db: Db, ids: number[]) =>
  db.deleteFrom('custom_pages').where('id', 'in', ids).returning(['id', 'title', 'slug']).execute();

/** Keyset pages of slugs for the sitemap: the rows after `afterId`, in id order. */
export const slugsAfter = (db: Db, afterId: number, limit: number) =>
  db
    .selectFrom('custom_pages')
    .select(['id', 'slug', 'updated_at'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
