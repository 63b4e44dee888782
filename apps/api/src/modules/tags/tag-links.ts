import type { TNamedRef } from '@cadence/contracts/catalogue';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { groupBy } from '../catalogue/catalogue-utils';
import { displayName } from '../genres/genre-links';
import type { TTaggableType } from '../genres/genres.tables';

type Db = Kysely<Database> | Transaction<Database>;

export async function tagRefs(db: Db, type: TTaggableType, ids: number[]): Promise<Map<number, TNamedRef[]>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('taggables as ta')
    .innerJoin('tags as t', 't.id', 'ta.tag_id')
    .select(['ta.taggable_id as owner', 't.id', 't.name', 't.display_name'])
    .where('ta.taggable_type', '=', type)
    .where('ta.taggable_id', 'in', ids)
    .orderBy('t.name')
    .execute();
  const grouped = groupBy(rows, (row) => row.owner);
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
  await trx.deleteFrom('taggables').where('taggable_type', '=', type).where('taggable_id', '=', id).execute();
  if (keys.length === 0) return;
  await trx
    .insertInto('tags')
    .values(keys.map((name) => ({ name, display_name: displayName(name), type: 'custom' })))
    .onConflict((oc) => oc.columns(['name', 'type']).doNothing())
    .execute();
  const tags = await trx
    .selectFrom('tags')
    .select('id')
    .where('type', '=', 'custom')
    .where('name', 'in', keys)
    .execute();
  await trx
    .insertInto('taggables')
    .values(tags.map((tag) => ({ tag_id: tag.id, taggable_type: type, taggable_id: id, user_id: userId })))
    .execute();
}
