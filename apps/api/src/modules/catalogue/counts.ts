import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { type CountModel, type CountName, countRows } from './counts.repository';

type Db = Kysely<Database>;

/** `loadCount` answers: id -> {name: count}, zero when nothing matched. */
export async function loadCounts(
  db: Db,
  model: CountModel,
  names: readonly string[],
  ids: number[],
): Promise<Map<number, Record<string, number>>> {
  const result = new Map<number, Record<string, number>>(ids.map((id) => [id, {}]));
  if (names.length === 0 || ids.length === 0) return new Map();
  await Promise.all(
    names.map(async (name) => {
      const rows = await countRows(db, model, name as CountName, ids);
      const byId = new Map(rows.map((row) => [Number(row.id), Number(row.n)]));
      for (const id of ids) (result.get(id) as Record<string, number>)[name] = byId.get(id) ?? 0;
    }),
  );
  return result;
}
