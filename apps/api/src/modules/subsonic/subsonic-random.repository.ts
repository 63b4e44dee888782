import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';

/**
 * Up to `size` distinct random ids of `table` (rows `x` for which `visible` holds): random ids
 * probed in the id range, each probe one index lookup (the first visible row at or after it), not
 * a sort of every row by `random()`. Undefined when that gives too few (a small or sparse table,
 * or one mostly hidden from this listener): the caller sorts then, which is cheap there. Rows
 * after a gap in the ids come up a little more often: fine for a shuffle.
 */
export async function probedRandomIds(
  db: Kysely<Database>,
  table: 'albums' | 'tracks',
  size: number,
  visible: RawBuilder<boolean> = sql<boolean>`true`,
): Promise<number[] | undefined> {
  const probes = size * 4 + 16;
  // The targets are drawn in a subquery of their own: a volatile `random()` in the probe's
  // condition would be a filter drawn anew for every row of the walk, not one index lookup.
  const { rows } = await sql<{ id: string }>`
    select picked.id from (
      select distinct probe.id
        from (
          select bounds.lo + floor(random() * (bounds.hi - bounds.lo + 1))::bigint as target
            from (select min(id) as lo, max(id) as hi from ${sql.table(table)}) bounds
            cross join generate_series(1, ${probes}::int)
        ) probes
        cross join lateral (
          select x.id from ${sql.table(table)} x
           where x.id >= probes.target and ${visible}
           order by x.id limit 1
        ) probe
    ) picked
    order by random() limit ${size}`.execute(db);
  return rows.length === size ? rows.map((row) => Number(row.id)) : undefined;
}
