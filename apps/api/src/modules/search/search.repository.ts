import { CompiledQuery, type Kysely } from 'kysely';
import { preparedStatement } from '../../platform/db/prepared-statements';
import type { Database } from '../../platform/db/schema';
import { rankedTabsSql, suggestionsSql, type TSearchSqlType } from './search-sql';

export type RankedId = { id: number; rank: number };
export type RankedSuggestion = RankedId & { type: 'artist' | 'track' | 'album' };

type Input = { tsQuery: string; term: string; limit: number };

const SUGGESTIONS_SQL = preparedStatement(suggestionsSql());

/**
 * One statement, no transaction: the typo threshold is the server's default (see
 * TRIGRAM_THRESHOLD_NOTE in search-sql.ts), so a search costs one round trip, not four per tab.
 */
async function runRanked<Row>(db: Kysely<Database>, text: string, input: Input): Promise<Row[]> {
  const { rows } = await db.executeQuery<Row>(
    CompiledQuery.raw(text, [input.tsQuery, input.term, input.limit]),
  );
  return rows;
}

/** Texts by the tabs asked (in SEARCH_TYPES order): at most 127, each prepared once. */
const TABS_SQL = new Map<string, string>();

/**
 * The ranked ids of every tab asked, in one statement: each tab's ids best first (exact name >
 * name prefix > full-text hit > similarity, popularity as tie-breaker).
 */
export async function findRankedIdsByTab(
  db: Kysely<Database>,
  types: readonly TSearchSqlType[],
  input: Input,
): Promise<Map<TSearchSqlType, number[]>> {
  const key = types.join(',');
  let text = TABS_SQL.get(key);
  if (!text) {
    text = preparedStatement(rankedTabsSql(types));
    TABS_SQL.set(key, text);
  }
  const rows = await runRanked<{ type: TSearchSqlType; id: number | string }>(db, text, input);
  const byTab = new Map<TSearchSqlType, number[]>(types.map((type) => [type, []]));
  // Rows come ordered by tab, then best first.
  for (const row of rows) byTab.get(row.type)?.push(Number(row.id));
  return byTab;
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
