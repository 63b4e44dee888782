import type { TNamedRef } from '@cadence/contracts/catalogue';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { groupBy } from './catalogue-utils';
import { ensureGenres, genreRefRows, linkGenres, unlinkGenres } from './genre-links.repository';
import { ensureCustomTags, linkTags, tagRefRows, unlinkTags } from './tag-links.repository';
import type { TTaggableType } from './taggable';

// Genres and tags link to tracks, albums and artists the same way; only their tables differ.

type Db = Kysely<Database> | Transaction<Database>;
type RefRow = TNamedRef & { owner: number };

function refsByOwner(rows: RefRow[]): Map<number, TNamedRef[]> {
  const grouped = groupBy(rows, (row) => row.owner);
  return new Map([...grouped].map(([owner, list]) => [owner, list.map(({ owner: _, ...ref }) => ref)]));
}

/** Names as typed become lower-case keys, once each, blanks dropped; each shown capitalised. */
function namesToLink(names: string[]): { name: string; display_name: string }[] {
  const keys = [...new Set(names.map((name) => name.trim().toLowerCase()).filter(Boolean))];
  return keys.map((name) => ({ name, display_name: displayName(name) }));
}

export function displayName(name: string): string {
  return name.replace(/(^|[\s-])(\p{L})/gu, (_, sep: string, letter: string) => sep + letter.toUpperCase());
}

export async function genreRefs(
  db: Db,
  type: TTaggableType,
  ids: number[],
): Promise<Map<number, TNamedRef[]>> {
  if (ids.length === 0) return new Map();
  return refsByOwner(await genreRefRows(db, type, ids));
}

export async function tagRefs(db: Db, type: TTaggableType, ids: number[]): Promise<Map<number, TNamedRef[]>> {
  if (ids.length === 0) return new Map();
  return refsByOwner(await tagRefRows(db, type, ids));
}

/** Replaces the genres of one item by names, creating missing genres (names are lower-case keys). */
export async function syncGenres(trx: Db, type: TTaggableType, id: number, names: string[]): Promise<void> {
  const wanted = namesToLink(names);
  await unlinkGenres(trx, type, id);
  if (wanted.length === 0) return;
  const genres = await ensureGenres(trx, wanted);
  await linkGenres(
    trx,
    type,
    id,
    genres.map((genre) => genre.id),
  );
}

/** Replaces the custom tags of one item by names, creating missing tags. */
export async function syncTags(
  trx: Db,
  type: TTaggableType,
  id: number,
  names: string[],
  userId: number | null,
): Promise<void> {
  const wanted = namesToLink(names);
  await unlinkTags(trx, type, id);
  if (wanted.length === 0) return;
  const tags = await ensureCustomTags(trx, wanted);
  await linkTags(
    trx,
    type,
    id,
    tags.map((tag) => tag.id),
    userId,
  );
}

/** Replaces the genres and tags an edit names; a list left out keeps what the item has. */
export async function syncGenresAndTags(
  trx: Transaction<Database>,
  type: TTaggableType,
  id: number,
  input: { genres?: string[]; tags?: string[] },
  userId: number | null,
): Promise<void> {
  if (input.genres) await syncGenres(trx, type, id, input.genres);
  if (input.tags) await syncTags(trx, type, id, input.tags, userId);
}
