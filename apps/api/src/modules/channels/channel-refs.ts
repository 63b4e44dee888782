import type { TChannelContentModel } from '@cadence/contracts/channel';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { channelName, channelReaches, contentRefs, existingIds, labelRows } from './channel-refs.repository';

type Db = Kysely<Database>;
type Ref = { model_type: TChannelContentModel; model_id: number };

function byModel(refs: Ref[]): Map<TChannelContentModel, number[]> {
  const map = new Map<TChannelContentModel, number[]>();
  for (const ref of refs) map.set(ref.model_type, [...(map.get(ref.model_type) ?? []), ref.model_id]);
  return map;
}

/** `model:id` keys of the refs whose rows still exist. */
export async function existingRefs(db: Db, refs: Ref[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const [model, ids] of byModel(refs))
    for (const id of await existingIds(db, model, ids)) found.add(`${model}:${id}`);
  return found;
}

/**
 * The name of `childId` when it already reaches `channelId` through its own nested channels
 * (so listing it would make a loop), else null.
 */
export async function nestingLoop(db: Db, childId: number, channelId: number): Promise<string | null> {
  if (!(await channelReaches(db, childId, channelId))) return null;
  return (await channelName(db, childId)) ?? String(childId);
}

/** A channel's manual list with names and images, in order; rows deleted since drop out. */
export async function labelledContent(db: Db, channelId: number) {
  const refs = await contentRefs(db, channelId);
  const labels = new Map<string, { name: string; image: string | null }>();
  for (const [model, ids] of byModel(
    refs.map((r) => ({ model_type: r.model_type, model_id: Number(r.model_id) })),
  )) {
    for (const row of await labelRows(db, model, ids))
      labels.set(`${model}:${Number(row.id)}`, { name: row.name, image: row.image });
  }
  return refs.flatMap((ref) => {
    const label = labels.get(`${ref.model_type}:${Number(ref.model_id)}`);
    return label ? [{ model_type: ref.model_type, model_id: Number(ref.model_id), ...label }] : [];
  });
}
