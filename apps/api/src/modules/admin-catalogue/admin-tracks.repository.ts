import type { TAdminCatalogueQuery } from '@cadence/contracts/admin-catalogue';
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { type AdminTable, inGenre } from './admin-keyset.repository';

type Db = Kysely<Database> | Transaction<Database>;

/** Shared with the albums table: an album "has" what any of its tracks has. */
export const HAS_AUDIO = sql`(t.src is not null or t.file_entry_id is not null)`;
export const HAS_LYRICS = sql`exists (select 1 from lyrics l where l.track_id = t.id)`;

function trackFilters(q: TAdminCatalogueQuery): RawBuilder<unknown>[] {
  const where: RawBuilder<unknown>[] = [];
  if (q.genre)
    where.push(sql`(${inGenre('track', 't.id', q.genre)} or ${inGenre('album', 't.album_id', q.genre)})`);
  if (q.artist_id)
    where.push(sql`t.id in (select track_id from artist_track where artist_id = ${q.artist_id})`);
  if (q.owner_id) where.push(sql`t.owner_id = ${q.owner_id}`);
  if (q.release_year)
    where.push(sql`extract(year from coalesce(t.released_at, t.created_at)) = ${q.release_year}`);
  if (q.has_audio !== undefined) where.push(q.has_audio ? HAS_AUDIO : sql`not ${HAS_AUDIO}`);
  if (q.has_lyrics !== undefined) where.push(q.has_lyrics ? HAS_LYRICS : sql`not ${HAS_LYRICS}`);
  if (q.private !== undefined) where.push(sql`t.visibility ${sql.raw(q.private ? '=' : '<>')} 'private'`);
  return where;
}

export const TRACKS_TABLE: AdminTable = {
  from: sql`tracks t`,
  idRef: 't.id',
  name: 't.name',
  sort: { plays: 't.plays', date: 't.created_at', name: 'lower(t.name)' },
  filters: trackFilters,
};

/** The admin table's columns of these tracks (any order) with their album. */
export function trackRowsByIds(db: Db, ids: number[]) {
  return db
    .selectFrom('tracks as t')
    .leftJoin('albums as a', 'a.id', 't.album_id')
    .select([
      't.id',
      't.name',
      't.image',
      't.duration',
      't.plays',
      't.visibility',
      't.owner_id',
      't.released_at',
      't.created_at',
      'a.id as album_id',
      'a.name as album_name',
      'a.image as album_image',
      sql<boolean>`(t.src is not null or t.file_entry_id is not null)`.as('has_audio'),
      sql<boolean>`exists (select 1 from lyrics l where l.track_id = t.id)`.as('has_lyrics'),
    ])
    .where('t.id', 'in', ids)
    .execute();
}

export const existingIds = async (trx: Db, ids: number[]) =>
  (await trx.selectFrom('tracks').select('id').where('id', 'in', ids).execute()).map((r) => Number(r.id));

export const idsOfAlbums = async (trx: Db, albumIds: number[]) =>
  (await trx.selectFrom('tracks').select('id').where('album_id', 'in', albumIds).execute()).map((r) =>
    Number(r.id),
  );

/** Locks the tracks about to go; their file entries are purged after commit. */
export const lockForDelete = (trx: Transaction<Database>, ids: number[]) =>
  trx
    .selectFrom('tracks')
    .select(['id', 'album_id', 'plays', 'file_entry_id'])
    .where('id', 'in', ids)
    .forUpdate()
    .execute();

/** Album and artist play counters stay the sum over the tracks that remain. */
export async function subtractPlaysFromParents(trx: Transaction<Database>, ids: number[]) {
  await sql`update albums a set plays = greatest(0, a.plays - d.plays)
    from (select album_id, sum(plays) as plays from tracks where id = any(${ids}::bigint[])
      and album_id is not null group by album_id) d where a.id = d.album_id`.execute(trx);
  await sql`update artists a set plays = greatest(0, a.plays - d.plays)
    from (select at.artist_id, sum(t.plays) as plays from artist_track at join tracks t on t.id = at.track_id
      where t.id = any(${ids}::bigint[]) group by at.artist_id) d where a.id = d.artist_id`.execute(trx);
}

export async function remove(trx: Transaction<Database>, ids: number[]) {
  await trx.deleteFrom('tracks').where('id', 'in', ids).execute();
}
