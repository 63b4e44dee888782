import { type Kysely, sql } from 'kysely';

/**
 * Issue 37 (smart-playlists benchmark): a genre rule and a title rule are each weak alone on 1M
 * tracks ("jazz" is one track in twelve, "night" one in twenty), so probing either one visits most
 * of the table's pages. With the track's genre (tag) ids on `tracks` under a GIN index, the two
 * GIN indexes intersect before the heap is read. The ids are kept by statement triggers on the
 * link tables, so every writer (the editor, the importer, genre merges, bulk deletes, raw SQL)
 * keeps them in the same transaction, and a bulk insert costs one set-based update. TRUNCATE fires
 * no row or delete trigger: its own trigger empties the ids.
 *
 * The ids of the tracks already there are filled by a backfill after the migrations commit
 * (`backfill`, 10,000 track ids a transaction): one update of every track here held the table's
 * lock for ~6 minutes on 1M tracks and doubled it, as no dead row can be reused before the end.
 */
const LINKS = [
  { column: 'genre_ids', table: 'genreables', id: 'genre_id', type: 'genreable_type', of: 'genreable_id' },
  { column: 'tag_ids', table: 'taggables', id: 'tag_id', type: 'taggable_type', of: 'taggable_id' },
] as const;

type Link = (typeof LINKS)[number];

/** The tracks named in `source` (a transition table: a track once per link) get their ids again from the link table. */
function resync(link: Link, source: string): string {
  return `update tracks t set ${link.column} = s.ids
    from (
      select c.id, coalesce(array_agg(l.${link.id} order by l.${link.id}) filter (where l.${link.id} is not null), '{}') as ids
      from (select distinct id from (${source}) named) c
      left join ${link.table} l on l.${link.type} = 'track' and l.${link.of} = c.id
      group by c.id
    ) s
    where t.id = s.id and t.${link.column} <> s.ids`;
}

const changed = (link: Link, table: string) =>
  `select ${link.of} as id from ${table} where ${link.type} = 'track'`;

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const link of LINKS) {
    // A constant default adds the column without rewriting the table.
    await sql.raw(`alter table tracks add column ${link.column} bigint[] not null default '{}'`).execute(db);
    await sql
      .raw(`create index tracks_${link.column}_index on tracks using gin (${link.column})`)
      .execute(db);
    // One function per event: a trigger with transition tables takes one event, and plpgsql plans
    // a statement only when it runs, so each branch names only the tables its event has.
    await sql
      .raw(`create function tracks_sync_${link.column}() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          ${resync(link, changed(link, 'new_links'))};
        elsif tg_op = 'DELETE' then
          ${resync(link, changed(link, 'old_links'))};
        else
          ${resync(link, `${changed(link, 'new_links')} union ${changed(link, 'old_links')}`)};
        end if;
        return null;
      end $$`)
      .execute(db);
    await sql
      .raw(`create function tracks_clear_${link.column}() returns trigger language plpgsql as $$
      begin
        update tracks set ${link.column} = '{}' where ${link.column} <> '{}';
        return null;
      end $$`)
      .execute(db);
    const fn = `tracks_sync_${link.column}()`;
    await sql
      .raw(`create trigger ${link.table}_insert_sync after insert on ${link.table}
        referencing new table as new_links for each statement execute function ${fn}`)
      .execute(db);
    await sql
      .raw(`create trigger ${link.table}_update_sync after update on ${link.table}
        referencing old table as old_links new table as new_links for each statement execute function ${fn}`)
      .execute(db);
    await sql
      .raw(`create trigger ${link.table}_delete_sync after delete on ${link.table}
        referencing old table as old_links for each statement execute function ${fn}`)
      .execute(db);
    await sql
      .raw(`create trigger ${link.table}_truncate_sync after truncate on ${link.table}
        for each statement execute function tracks_clear_${link.column}()`)
      .execute(db);
  }
  await sql`insert into data_backfills (name) values (${BACKFILL})`.execute(db);
}

export const BACKFILL = 'track-link-ids';

/**
 * One range of the backfill: the ids of the tracks in (`afterId`, `toId`] from their links. The
 * link tables are locked against writes for the range's short transaction: a link written
 * meanwhile would have its trigger's ids overwritten by the ones read before it.
 */
// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function backfill(trx: Kysely<any>, range: { afterId: number; toId: number }): Promise<void> {
  await sql.raw(`lock table ${LINKS.map((link) => link.table).join(', ')} in share mode`).execute(trx);
  for (const link of LINKS)
    await sql`update tracks t set ${sql.raw(link.column)} = s.ids
      from (select ${sql.raw(link.of)} as id, array_agg(${sql.raw(link.id)} order by ${sql.raw(link.id)}) as ids
            from ${sql.raw(link.table)}
            where ${sql.raw(link.type)} = 'track' and ${sql.raw(link.of)} > ${range.afterId} and ${sql.raw(link.of)} <= ${range.toId}
            group by ${sql.raw(link.of)}) s
      where t.id > ${range.afterId} and t.id <= ${range.toId} and t.id = s.id
        and t.${sql.raw(link.column)} <> s.ids`.execute(trx);
}

/** Where the backfill ends: tracks added after it started have their ids from the triggers. */
// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function backfillEnd(db: Kysely<any>): Promise<number> {
  const { rows } = await sql<{ last: string | null }>`select max(id) as last from tracks`.execute(db);
  return Number(rows[0]?.last ?? 0);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from data_backfills where name = ${BACKFILL}`.execute(db);
  for (const link of LINKS) {
    for (const event of ['insert', 'update', 'delete', 'truncate'])
      await sql.raw(`drop trigger ${link.table}_${event}_sync on ${link.table}`).execute(db);
    await sql.raw(`drop function tracks_sync_${link.column}()`).execute(db);
    await sql.raw(`drop function tracks_clear_${link.column}()`).execute(db);
    await sql.raw(`alter table tracks drop column ${link.column}`).execute(db);
  }
}
