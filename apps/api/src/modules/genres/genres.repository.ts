import { type Insertable, type Kysely, sql, type Updateable } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { catalogueChanged } from '../catalogue/catalogue-invalidation';
import { likePattern, paginate } from '../catalogue/catalogue-query.repository';
import type { GenresTable } from './genres.tables';

type Db = Kysely<Database>;

/** A genre by id (digits) or by its lower-case name. */
export function findGenre(db: Db, key: string) {
  const query = db.selectFrom('genres').selectAll();
  return (
    /^\d+$/.test(key) ? query.where('id', '=', Number(key)) : query.where('name', '=', key.toLowerCase())
  ).executeTakeFirst();
}

/** Another genre (not `exceptId`) already has this name. */
export async function isGenreNameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('genres').select('id').where('name', '=', name);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

const ORDER_COLUMNS = {
  name: 'name',
  popularity: 'popularity',
  created_at: 'created_at',
  id: 'id',
} as const;

/** One page of genres filtered by name; most popular first unless told (names A-Z), id breaking ties. */
export function genrePage(
  db: Db,
  query: { query?: string; page: number; perPage: number; orderBy?: string; orderDir?: 'asc' | 'desc' },
) {
  let base = db.selectFrom('genres');
  if (query.query) base = base.where(sql<boolean>`lower(name) like lower(${likePattern(query.query)})`);
  const column = ORDER_COLUMNS[(query.orderBy ?? 'popularity') as keyof typeof ORDER_COLUMNS];
  const direction = query.orderDir ?? (query.orderBy === 'name' ? 'asc' : 'desc');
  return paginate(base, query, (q) => q.selectAll().orderBy(column, direction).orderBy('id', direction));
}

// Genre writes drop cached catalogue pages once committed: a new genre may show on a channel that
// lists genres; a renamed or deleted one on any page that embeds its name (a rare, editorial write).

export async function insertGenre(db: Db, values: Insertable<GenresTable>) {
  const row = await db.insertInto('genres').values(values).returningAll().executeTakeFirstOrThrow();
  await catalogueChanged(db, {});
  return row;
}

export async function updateGenre(db: Db, id: number, values: Updateable<GenresTable>) {
  const row = await db
    .updateTable('genres')
    .set(values)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await catalogueChanged(db, { all: true });
  return row;
}

/** Deletes the genre and its channel placements (a polymorphic row cannot cascade). */
export async function deleteGenre(db: Db, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('channelables')
      .where('model_type', '=', 'genre')
      .where('model_id', '=', id)
      .execute();
    await trx.deleteFrom('genres').where('id', '=', id).execute();
  });
  await catalogueChanged(db, { all: true });
}
