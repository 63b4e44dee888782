import { type Kysely, sql, type Transaction } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Database } from '../../platform/db/schema';
import type { TTaggableType } from './taggable';

type Db = Kysely<Database> | Transaction<Database>;

/** The tags of each item, `owner` being the item, by name. */
export function tagRefRows(db: Db, type: TTaggableType, ids: number[]) {
  return db
    .selectFrom('taggables as ta')
    .innerJoin('tags as t', 't.id', 'ta.tag_id')
    .select(['ta.taggable_id as owner', 't.id', 't.name', 't.display_name'])
    .where('ta.taggable_type', '=', type)
    .where('ta.taggable_id', 'in', ids)
    .orderBy('t.name')
    .execute();
}

export async function unlinkTags(trx: Db, type: TTaggableType, id: number): Promise<void> {
  await trx.deleteFrom('taggables').where('taggable_type', '=', type).where('taggable_id', '=', id).execute();
}

/** Creates the custom tags that do not exist yet and returns the ids of all of them. */
export async function ensureCustomTags(
  trx: Db,
  tags: { name: string; display_name: string }[],
): Promise<{ id: number }[]> {
  await trx
    .insertInto('tags')
    .values(tags.map((tag) => ({ ...tag, type: 'custom' as const })))
    .onConflict((oc) => oc.columns(['name', 'type']).doNothing())
    .execute();
  return trx
    .selectFrom('tags')
    .select('id')
    .where('type', '=', 'custom')
    .where(
      'name',
      'in',
      tags.map((tag) => tag.name),
    )
    .execute();
}

export async function linkTags(
  trx: Db,
  type: TTaggableType,
  id: number,
  tagIds: number[],
  userId: number | null,
): Promise<void> {
  await trx
    .insertInto('taggables')
    .values(tagIds.map((tag_id) => ({ tag_id, taggable_type: type, taggable_id: id, user_id: userId })))
    .execute();
}

/** The tags of the item `owner` (an outer query's id column) names, by name, as a JSON array. */
export function tagRefsJson(db: Db, type: TTaggableType, owner: string) {
  return jsonArrayFrom(
    db
      .selectFrom('taggables as ta')
      .innerJoin('tags as t', 't.id', 'ta.tag_id')
      .select(['t.id', 't.name', 't.display_name'])
      .where('ta.taggable_type', '=', type)
      .where('ta.taggable_id', '=', sql.ref<number>(owner))
      .orderBy('t.name'),
  );
}
