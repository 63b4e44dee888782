import type { TChannelContentModel } from '@cadence/contracts/channel';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { MODEL_SQL } from './channel-models';

type Db = Kysely<Database>;

const tableOf = (model: TChannelContentModel) => (model === 'channel' ? 'channels' : MODEL_SQL[model].table);

/** Constant per-model SQL for the editor's list: a display name and a small image. */
const LABELS: Record<TChannelContentModel, { name: string; image: string }> = {
  track: { name: 'name', image: 'image' },
  album: { name: 'name', image: 'image' },
  artist: { name: 'name', image: 'image_small' },
  playlist: { name: 'name', image: 'image' },
  genre: { name: 'coalesce(display_name, name)', image: 'image' },
  user: { name: 'name', image: 'image' },
  channel: { name: 'name', image: 'null::text' },
};

/** The ids among `ids` that still have a row of this model. */
export async function existingIds(db: Db, model: TChannelContentModel, ids: number[]): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`select id from ${sql.table(tableOf(model))}
    where id = any(${ids}::bigint[])`.execute(db);
  return rows.map((row) => Number(row.id));
}

/** True when `channelId` is reachable from `childId` through nested channels (`union` stops at repeats). */
export async function channelReaches(db: Db, childId: number, channelId: number): Promise<boolean> {
  const { rows } = await sql<{ hit: boolean }>`with recursive reach(id) as (
      select ${childId}::bigint
      union
      select c.model_id from channelables c join reach r on c.channel_id = r.id where c.model_type = 'channel'
    ) select exists (select 1 from reach where id = ${channelId}) as hit`.execute(db);
  return !!rows[0]?.hit;
}

export async function channelName(db: Db, id: number): Promise<string | undefined> {
  const row = await db.selectFrom('channels').select('name').where('id', '=', id).executeTakeFirst();
  return row?.name;
}

/** A channel's manual list, in order. */
export function contentRefs(db: Db, channelId: number) {
  return db
    .selectFrom('channelables')
    .select(['model_type', 'model_id'])
    .where('channel_id', '=', channelId)
    .orderBy('position')
    .execute();
}

/** Name and image of the rows of one model. */
export async function labelRows(db: Db, model: TChannelContentModel, ids: number[]) {
  const label = LABELS[model];
  const { rows } = await sql<{ id: number; name: string; image: string | null }>`select id,
      ${sql.raw(label.name)} as name, ${sql.raw(label.image)} as image
    from ${sql.table(tableOf(model))} where id = any(${ids}::bigint[])`.execute(db);
  return rows;
}
