import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';

type Db = Kysely<Database>;

/**
 * For each title, the catalogue tracks whose name is trigram-alike (the `%` operator, through
 * the tracks' `cadence_unaccent(lower(name))` GIN index), best first, that `userId` may add:
 * public and unlisted ones, and their own private ones. One statement for a batch of titles.
 */
export async function candidatesForTitles(db: Db, titles: string[], userId: number, perTitle: number) {
  if (titles.length === 0) return [];
  const { rows } = await sql<{
    entry: number;
    id: number;
    name: string;
    duration: number | null;
    album: string | null;
  }>`
    select e.entry::int as entry, t.id, t.name, t.duration, t.album
    from unnest(${titles}::text[]) with ordinality as e(title, entry)
    cross join lateral (
      select tr.id, tr.name, tr.duration, al.name as album
      from tracks tr
      left join albums al on al.id = tr.album_id
      where cadence_unaccent(lower(tr.name)) % cadence_unaccent(lower(e.title))
        and (tr.visibility <> 'private' or tr.owner_id = ${userId})
      order by similarity(cadence_unaccent(lower(tr.name)), cadence_unaccent(lower(e.title))) desc, tr.plays desc, tr.id
      limit ${perTitle}
    ) t
  `.execute(db);
  return rows;
}
