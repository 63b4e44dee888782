import type { TNamedRef } from '@cadence/contracts/catalogue';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { groupBy } from '../catalogue/catalogue-utils';
import { ensureGenres, genreRefRows, linkGenres, unlinkGenres } from './genre-links.repository';
import type { TTaggableType } from './genres.tables';

type Db = Kysely<Database> | Transaction<Database>;

export async function genreRefs(
  db: Db,
  type: TTaggableType,
  ids: number[],
): Promise<Map<number, TNamedRef[]>> {
  if (ids.length === 0) return new Map();
  const grouped = groupBy(await genreRefRows(db, type, ids), (row) => row.owner);
  return new Map([...grouped].map(([owner, list]) => [owner, list.map(({ owner: _, ...ref }) => ref)]));
}

/** Replaces the genres of one item by names, creating missing genres (names are lower-case keys). */
export async function syncGenres(trx: Db, type: TTaggableType, id: number, names: string[]): Promise<void> {
  const keys = [...new Set(names.map((name) => name.trim().toLowerCase()).filter(Boolean))];
  await unlinkGenres(trx, type, id);
  if (keys.length === 0) return;
  const genres = await ensureGenres(
    trx,
    keys.map((name) => ({ name, display_name: displayName(name) })),
  );
  await linkGenres(
    trx,
    type,
    id,
    genres.map((genre) => genre.id),
  );
}

export function displayName(name: string): string {
  return name.replace(/(^|[\s-])(\p{L})/gu, (_, sep: string, letter: string) => sep + letter.toUpperCase());
}
