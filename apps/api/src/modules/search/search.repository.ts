import { CompiledQuery, type Kysely } from 'kysely';
import { preparedStatement } from '../../platform/db/prepared-statements';
import type { Database } from '../../platform/db/schema';
import { rankedTabsSql, suggestionOrder, suggestionsSql, type TSearchSqlType } from './search-sql';

type Input = { tsQuery: string; term: string; limit: number };

/**
 * The typeahead's ranked rows with their cards (name, image, subtitle) in one statement: what the
 * ranking statement and the artist, track and album card statements (`cards.repository.ts`) gave
 * in two steps, the second three statements side by side. A card drops out as there: a disabled
 * artist, a track that is not public. The subtitle is the first credited artist.
 */
const SUGGESTION_CARDS_SQL = preparedStatement(`
  select s.type, s.id, c.name, c.image, c.subtitle
    from (${suggestionsSql()}) s
    cross join lateral (
      select a.name, a.image_small as image, null::text as subtitle
        from artists a
       where s.type = 'artist' and a.id = s.id and a.disabled = false
      union all
      select t.name, coalesce(t.image, al.image),
             (select ar.name from artist_track at join artists ar on ar.id = at.artist_id
               where at.track_id = t.id order by at.position limit 1)
        from tracks t left join albums al on al.id = t.album_id
       where s.type = 'track' and t.id = s.id and t.visibility = 'public'
      union all
      select al.name, al.image,
             (select ar.name from album_artist aa join artists ar on ar.id = aa.artist_id
               where aa.album_id = al.id order by aa.position limit 1)
        from albums al
       where s.type = 'album' and al.id = s.id
    ) c
   order by ${suggestionOrder('s.')}`);

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

export type SuggestionCardRow = {
  type: 'artist' | 'track' | 'album';
  id: number | string;
  name: string;
  image: string | null;
  subtitle: string | null;
};

/** The typeahead's answer rows, best first (`SUGGESTION_CARDS_SQL`). */
export async function findSuggestionCards(db: Kysely<Database>, input: Input): Promise<SuggestionCardRow[]> {
  return runRanked<SuggestionCardRow>(db, SUGGESTION_CARDS_SQL, input);
}
