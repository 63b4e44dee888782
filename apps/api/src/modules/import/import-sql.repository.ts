import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';

export type Db = Kysely<Database> | Transaction<Database>;

/**
 * The big inserts send one array per column (`unnest`): a few parameters whatever the row count,
 * and one plan, where a multi-row VALUES list costs PostgreSQL a parse of every row. The
 * occasional small ones (lyrics) go as multi-row VALUES, chunked below the 65535 parameters.
 */
const ROWS_PER_STATEMENT = 2000;

export const column = <T, V>(rows: T[], pick: (row: T) => V) => sql.val(rows.map(pick));

export function chunksOf<T>(rows: T[]): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT)
    chunks.push(rows.slice(start, start + ROWS_PER_STATEMENT));
  return chunks;
}
