import type { TNamedRef } from '@cadence/contracts/catalogue';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { groupBy } from '../catalogue/catalogue-utils';
import type { TTaggableType } from './genres.tables';

type Db = Kysely<Database> | Transaction<Database>;

export async function genreRefs(
  db: Db,
  type: TTaggableType,
  ids: number[],
): Promise<Map<number, TNamedRef[]>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('genreables as ga')
    .innerJoin('genres as g', 'g.id', 'ga.genre_id')
    .select(['ga.genreable_id as owner', 'g.id', 'g.name', 'g.display_name'])
    .where('ga.genreable_type', '=', type)
    .where('ga.genreable_id', 'in', ids)
    .orderBy('g.name')
    .execute();
  const grouped = groupBy(rows, (row) => row.owner);
  return new Map([...grouped].map(([owner, list]) => [owner, list.map(({ owner: _, ...ref }) => ref)]));
}

/** Replaces the genres of one item by names, creating missing genres (names are lower-case keys). */
export async function syncGenres(trx: Db, type: TTaggableType, id: number, names: string[]): Promise<void> {
  const keys = [...new Set(names.map((name) => name.trim().toLowerCase()).filter(Boolean))];
  await trx
    .deleteFrom('genreables')
    .where('genreable_type', '=', type)
    .where('genreable_id', '=', id)
    .execute();
  if (keys.length === 0) return;
  await trx
    .insertInto('genres')
    .values(keys.map((name) => ({ name, display_name: displayName(name) })))
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const genres = await trx.selectFrom('genres').select('id').where('name', 'in', keys).execute();
  await trx
    .insertInto('genreables')
    .values(genres.map((genre) => ({ genre_id: genre.id, genreable_type: type, genreable_id: id })))
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

export function displayName(name: string): string {
  return name.replace(/(^|[\s-])(\p{L})/gu, (_, sep: string, letter: string) => sep + letter.toUpperCase());
}
