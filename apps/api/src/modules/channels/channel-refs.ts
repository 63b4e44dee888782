import type { TChannelContentModel } from '@cadence/contracts/channel';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { MODEL_SQL } from './channel-models';

type Db = Kysely<Database>;
type Ref = { model_type: TChannelContentModel; model_id: number };

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

function byModel(refs: Ref[]): Map<TChannelContentModel, number[]> {
  const map = new Map<TChannelContentModel, number[]>();
  for (const ref of refs) map.set(ref.model_type, [...(map.get(ref.model_type) ?? []), ref.model_id]);
  return map;
}

/** `model:id` keys of the refs whose rows still exist. */
export async function existingRefs(db: Db, refs: Ref[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const [model, ids] of byModel(refs)) {
    const { rows } = await sql<{ id: number }>`select id from ${sql.table(tableOf(model))}
      where id = any(${ids}::bigint[])`.execute(db);
    for (const row of rows) found.add(`${model}:${Number(row.id)}`);
  }
  return found;
}

/**
 * The name of `childId` when it already reaches `channelId` through its own nested channels
 * (so listing it would make a loop), else null. `union` stops at channels seen before.
 */
export async function nestingLoop(db: Db, childId: number, channelId: number): Promise<string | null> {
  const { rows } = await sql<{ hit: boolean }>`with recursive reach(id) as (
      select ${childId}::bigint
      union
      select c.model_id from channelables c join reach r on c.channel_id = r.id where c.model_type = 'channel'
    ) select exists (select 1 from reach where id = ${channelId}) as hit`.execute(db);
  if (!rows[0]?.hit) return null;
  const child = await db.selectFrom('channels').select('name').where('id', '=', childId).executeTakeFirst();
  return child?.name ?? String(childId);
}

/** A channel's manual list with names and images, in order; rows deleted since drop out. */
export async function labelledContent(db: Db, channelId: number) {
  const refs = await db
    .selectFrom('channelables')
    .select(['model_type', 'model_id'])
    .where('channel_id', '=', channelId)
    .orderBy('position')
    .execute();
  const labels = new Map<string, { name: string; image: string | null }>();
  for (const [model, ids] of byModel(
    refs.map((r) => ({ model_type: r.model_type, model_id: Number(r.model_id) })),
  )) {
    const label = LABELS[model];
    const { rows } = await sql<{ id: number; name: string; image: string | null }>`select id,
        ${sql.raw(label.name)} as name, ${sql.raw(label.image)} as image
      from ${sql.table(tableOf(model))} where id = any(${ids}::bigint[])`.execute(db);
    for (const row of rows) labels.set(`${model}:${Number(row.id)}`, { name: row.name, image: row.image });
  }
  return refs.flatMap((ref) => {
    const label = labels.get(`${ref.model_type}:${Number(ref.model_id)}`);
    return label ? [{ model_type: ref.model_type, model_id: Number(ref.model_id), ...label }] : [];
  });
}
