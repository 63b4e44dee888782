import { type Kysely, sql, type Transaction } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Database } from '../../platform/db/schema';
import type { TTaggableType } from './taggable';

type Db = Kysely<Database> | Transaction<Database>;

/** The genres of each item, `owner` being the item, by name. */
export function genreRefRows(db: Db, type: TTaggableType, ids: number[]) {
  return db
    .selectFrom('genreables as ga')
    .innerJoin('genres as g', 'g.id', 'ga.genre_id')
    .select(['ga.genreable_id as owner', 'g.id', 'g.name', 'g.display_name'])
    .where('ga.genreable_type', '=', type)
    .where('ga.genreable_id', 'in', ids)
    .orderBy('g.name')
    .execute();
}

export async function unlinkGenres(trx: Db, type: TTaggableType, id: number): Promise<void> {
  await trx
    .deleteFrom('genreables')
    .where('genreable_type', '=', type)
    .where('genreable_id', '=', id)
    .execute();
}

/** Creates the genres that do not exist yet and returns the ids of all of them. */
export async function ensureGenres(
  trx: Db,
  genres: { name: string; display_name: string }[],
): Promise<{ id: number }[]> {
  await trx
    .insertInto('genres')
    .values(genres)
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  return trx
    .selectFrom('genres')
    .select('id')
    .where(
      'name',
      'in',
      genres.map((genre) => genre.name),
    )
    .execute();
}

export async function linkGenres(
  trx: Db,
  type: TTaggableType,
  id: number,
  genreIds: number[],
): Promise<void> {
  await trx
    .insertInto('genreables')
    .values(genreIds.map((genre_id) => ({ genre_id, genreable_type: type, genreable_id: id })))
    .execute();
}

/** The ids of the items of one type filed under a genre (matched by its lower-case name). */
export function itemsInGenre(db: Db, type: TTaggableType, genre: string) {
  return db
    .selectFrom('genreables')
    .innerJoin('genres', 'genres.id', 'genreables.genre_id')
    .select('genreables.genreable_id as id')
    .where('genreables.genreable_type', '=', type)
    .where('genres.name', '=', genre.toLowerCase());
}

/** The genres of the item `owner` (an outer query's id column) names, by name, as a JSON array. */
export function genreRefsJson(db: Db, type: TTaggableType, owner: string) {
  return jsonArrayFrom(
    db
      .selectFrom('genreables as ga')
      .innerJoin('genres as g', 'g.id', 'ga.genre_id')
      .select(['g.id', 'g.name', 'g.display_name'])
      .where('ga.genreable_type', '=', type)
      .where('ga.genreable_id', '=', sql.ref<number>(owner))
      .orderBy('g.name'),
  );
}
