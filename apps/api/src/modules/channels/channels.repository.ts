import type { TChannelContentModel } from '@cadence/contracts/channel';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { type LeafModel, MODEL_SQL } from './channel-models';

type Db = Kysely<Database>;
export type Restriction = { type: 'genre' | 'tag'; id: number; name: string };
export type IdPage = { ids: number[]; total: number };

export async function findChannel(db: Db, slugOrId: string) {
  const isId = /^\d{1,15}$/.test(slugOrId);
  return db
    .selectFrom('channels')
    .selectAll()
    .where(isId ? 'id' : 'slug', '=', isId ? Number(slugOrId) : slugOrId.toLowerCase())
    .executeTakeFirst();
}

export async function findChannelsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('channels').selectAll().where('id', 'in', ids).execute();
}

export async function findRestriction(
  db: Db,
  type: 'genre' | 'tag',
  name: string,
): Promise<Restriction | null> {
  const table = type === 'genre' ? 'genres' : 'tags';
  const row = await db
    .selectFrom(table)
    .select(['id', 'name'])
    .where(sql<boolean>`lower(name) = ${name.toLowerCase()}`)
    .executeTakeFirst();
  return row ? { type, id: Number(row.id), name: row.name } : null;
}

function restrictionSql(model: LeafModel, restriction: Restriction | null) {
  const target = MODEL_SQL[model].restrictable;
  if (!restriction || !target) return sql`true`;
  const [table, key, type, id] =
    restriction.type === 'genre'
      ? ['genreables', 'genre_id', 'genreable_type', 'genreable_id']
      : ['taggables', 'tag_id', 'taggable_type', 'taggable_id'];
  const direct = sql`id in (select ${sql.ref(id)} from ${sql.table(table)}
    where ${sql.ref(key)} = ${restriction.id} and ${sql.ref(type)} = ${target})`;
  if (target !== 'track') return direct;
  // A track belongs to a genre through its album too (albums are usually the ones labelled).
  return sql`(${direct} or album_id in (select ${sql.ref(id)} from ${sql.table(table)}
    where ${sql.ref(key)} = ${restriction.id} and ${sql.ref(type)} = 'album'))`;
}

/** One page of ids of a model in an order; `cap` bounds automatic lists (and their count). */
export async function pageOfModel(
  db: Db,
  input: {
    model: LeafModel;
    orderSql: string;
    restriction: Restriction | null;
    offset: number;
    limit: number;
    cap?: number;
  },
): Promise<IdPage> {
  const m = MODEL_SQL[input.model];
  const where = sql`${sql.raw(m.visible)} and ${restrictionSql(input.model, input.restriction)}`;
  const cap = input.cap ?? null;
  const limit = cap === null ? input.limit : Math.max(0, Math.min(input.limit, cap - input.offset));
  const [rows, count] = await Promise.all([
    limit === 0
      ? Promise.resolve({ rows: [] as { id: number }[] })
      : sql<{ id: number }>`select id from ${sql.table(m.table)} where ${where}
          order by ${sql.raw(input.orderSql)} limit ${limit} offset ${input.offset}`.execute(db),
    cap === null
      ? sql<{ n: number }>`select count(*) as n from ${sql.table(m.table)} where ${where}`.execute(db)
      : sql<{
          n: number;
        }>`select count(*) as n from (select 1 from ${sql.table(m.table)} where ${where} limit ${cap}) capped`.execute(
          db,
        ),
  ]);
  return { ids: rows.rows.map((row) => Number(row.id)), total: Number(count.rows[0]?.n ?? 0) };
}

export async function manualPage(db: Db, channelId: number, offset: number, limit: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('channelables')
      .select(['model_type', 'model_id'])
      .where('channel_id', '=', channelId)
      .orderBy('position')
      .orderBy('model_type')
      .orderBy('model_id')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom('channelables')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('channel_id', '=', channelId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    refs: rows.map((row) => ({
      model_type: row.model_type as TChannelContentModel,
      model_id: Number(row.model_id),
    })),
    total: Number(count.n),
  };
}
