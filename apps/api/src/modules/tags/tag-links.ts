import type { TNamedRef } from '@cadence/contracts/catalogue';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { groupBy } from '../catalogue/catalogue-utils';
import { displayName } from '../genres/genre-links';
import type { TTaggableType } from '../genres/genres.tables';
import { ensureCustomTags, linkTags, tagRefRows, unlinkTags } from './tag-links.repository';

type Db = Kysely<Database> | Transaction<Database>;

export async function tagRefs(db: Db, type: TTaggableType, ids: number[]): Promise<Map<number, TNamedRef[]>> {
  if (ids.length === 0) return new Map();
  const grouped = groupBy(await tagRefRows(db, type, ids), (row) => row.owner);
  return new Map([...grouped].map(([owner, list]) => [owner, list.map(({ owner: _, ...ref }) => ref)]));
}

/** Replaces the custom tags of one item by names, creating missing tags. */
export async function syncTags(
  trx: Db,
  type: TTaggableType,
  id: number,
  names: string[],
  userId: number | null,
): Promise<void> {
  const keys = [...new Set(names.map((name) => name.trim().toLowerCase()).filter(Boolean))];
  await unlinkTags(trx, type, id);
  if (keys.length === 0) return;
  const tags = await ensureCustomTags(
    trx,
    keys.map((name) => ({ name, display_name: displayName(name) })),
  );
  await linkTags(
    trx,
    type,
    id,
    tags.map((tag) => tag.id),
    userId,
  );
}
