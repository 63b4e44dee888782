import type { TReportableType } from '@cadence/contracts/report';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';

type Db = Kysely<Database>;
export type ReportedItem = { name: string; url: string | null; hidden: boolean };

/** Constant SQL per reportable type: what the admin sees of the item and where it lives. */
const ITEMS: Record<TReportableType, string> = {
  track: `select id, name, '/track/' || id || '/' || slug as url, visibility = 'private' as hidden from tracks`,
  album: `select id, name, '/album/' || id || '/' || coalesce((select a.slug from album_artist aa
    join artists a on a.id = aa.artist_id where aa.album_id = albums.id order by aa.position limit 1), 'artist')
    || '/' || slug as url, not exists (select 1 from tracks t where t.album_id = albums.id
    and t.visibility = 'public') and exists (select 1 from tracks t where t.album_id = albums.id) as hidden
    from albums`,
  playlist: `select id, name, '/playlist/' || id || '/' || slug as url, not public as hidden from playlists`,
  comment: `select id, left(content, 200) as name, case when commentable_type = 'track'
    then '/track/' || commentable_id || '/comments' else null end as url, deleted as hidden from comments`,
  user: `select id, name, '/user/' || id || '/' || regexp_replace(lower(name), '[^a-z0-9]+', '-', 'g') as url,
    banned_at is not null as hidden from users`,
};

export async function reportedItems(
  db: Db,
  refs: { reportable_type: TReportableType; reportable_id: number }[],
): Promise<Map<string, ReportedItem>> {
  const items = new Map<string, ReportedItem>();
  const types = [...new Set(refs.map((ref) => ref.reportable_type))];
  await Promise.all(
    types.map(async (type) => {
      const ids = refs.filter((ref) => ref.reportable_type === type).map((ref) => ref.reportable_id);
      const { rows } = await sql<{ id: number; name: string; url: string | null; hidden: boolean }>`
        select * from (${sql.raw(ITEMS[type])}) item where id = any(${ids}::bigint[])`.execute(db);
      for (const row of rows)
        items.set(`${type}:${Number(row.id)}`, { name: row.name, url: row.url, hidden: row.hidden });
    }),
  );
  return items;
}
