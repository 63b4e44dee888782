import type { TSearchType } from '@cadence/contracts/search';
import { CompiledQuery, type Kysely } from 'kysely';
import { preparedStatement } from '../../platform/db/prepared-statements';
import type { Database } from '../../platform/db/schema';
import { rankedSearchSql, suggestionsSql } from './search-sql';

export type RankedId = { id: number; rank: number };
export type RankedSuggestion = RankedId & { type: 'artist' | 'track' | 'album' };

type Input = { tsQuery: string; term: string; limit: number };

/** Built once and prepared: the text never changes, only the bound parameters do. */
const TAB_SQL = new Map<TSearchType, string>();
const SUGGESTIONS_SQL = preparedStatement(suggestionsSql());

/**
 * One statement, no transaction: the typo threshold is the server's default (see
 * TRIGRAM_THRESHOLD_NOTE in search-sql.ts), so a search costs one round trip per tab, not four.
 */
async function runRanked<Row>(db: Kysely<Database>, text: string, input: Input): Promise<Row[]> {
  const { rows } = await db.executeQuery<Row>(
    CompiledQuery.raw(text, [input.tsQuery, input.term, input.limit]),
  );
  return rows;
}

/** One tab: ids ranked exact name > name prefix > full-text hit > similarity, popularity as tie-breaker. */
export async function findRankedIds(
  db: Kysely<Database>,
  type: TSearchType,
  input: Input,
): Promise<RankedId[]> {
  let text = TAB_SQL.get(type);
  if (!text) {
    text = preparedStatement(rankedSearchSql(type));
    TAB_SQL.set(type, text);
  }
  const rows = await runRanked<{ id: number | string; rank: number | string }>(db, text, input);
  return rows.map((row) => ({ id: Number(row.id), rank: Number(row.rank) }));
}

/** Artists, tracks and albums merged by rank in one statement. */
export async function findSuggestions(db: Kysely<Database>, input: Input): Promise<RankedSuggestion[]> {
  const rows = await runRanked<{
    type: RankedSuggestion['type'];
    id: number | string;
    rank: number | string;
  }>(db, SUGGESTIONS_SQL, input);
  return rows.map((row) => ({ type: row.type, id: Number(row.id), rank: Number(row.rank) }));
}
