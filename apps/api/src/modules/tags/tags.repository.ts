import type { TTagListQuery } from '@cadence/contracts/tag';
import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { catalogueChanged } from '../catalogue/catalogue-invalidation';
import { likePattern, paginate } from '../catalogue/catalogue-query.repository';
import type { TagsTable } from './tags.tables';

const ORDER_COLUMNS = { name: 'name', type: 'type', created_at: 'created_at', id: 'id' } as const;

/** Another tag (not `exceptId`) already has this name and type. */
export async function isTaken(
  db: Kysely<Database>,
  name: string,
  type: string,
  exceptId?: number,
): Promise<boolean> {
  let query = db.selectFrom('tags').select('id').where('name', '=', name).where('type', '=', type);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export function page(db: Kysely<Database>, query: TTagListQuery) {
  let base = db.selectFrom('tags');
  if (query.query) base = base.where(sql<boolean>`lower(name) like lower(${likePattern(query.query)})`);
  const column = ORDER_COLUMNS[query.orderBy ?? 'name'];
  const direction = query.orderDir ?? (column === 'name' ? 'asc' : 'desc');
  return paginate(base, query, (q) => q.selectAll().orderBy(column, direction).orderBy('id', direction));
}

export function find(db: Kysely<Database>, id: number): Promise<Selectable<TagsTable> | undefined> {
  return db.selectFrom('tags').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insert(db: Kysely<Database>, values: Insertable<TagsTable>): Promise<Selectable<TagsTable>> {
  return db.insertInto('tags').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Renames and deletes drop every cached catalogue page: any may embed the tag's name. */
export async function update(
  db: Kysely<Database>,
  id: number,
  values: Updateable<TagsTable>,
): Promise<Selectable<TagsTable>> {
  const row = await db
    .updateTable('tags')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await catalogueChanged(db, { all: true });
  return row;
}

/** True when a row was deleted. */
export async function remove(db: Kysely<Database>, id: number): Promise<boolean> {
  const deleted = await db.deleteFrom('tags').where('id', '=', id).executeTakeFirst();
  await catalogueChanged(db, { all: true });
  return Number(deleted.numDeletedRows) > 0;
}
