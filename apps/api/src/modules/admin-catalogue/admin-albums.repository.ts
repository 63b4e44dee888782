import type { TAdminCatalogueQuery } from '@cadence/contracts/admin-catalogue';
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { dateText } from '../catalogue/catalogue-query.repository';
import { type AdminTable, inGenre } from './admin-keyset.repository';
import { HAS_AUDIO, HAS_LYRICS } from './admin-tracks.repository';

type Db = Kysely<Database> | Transaction<Database>;

/** An album "has" what any of its tracks has; it is private when it has tracks and none is public. */
function albumTracks(condition: RawBuilder<unknown>, wanted: boolean) {
  const test = sql`exists (select 1 from tracks t where t.album_id = albums.id and ${condition})`;
  return wanted ? sql<boolean>`${test}` : sql<boolean>`not ${test}`;
}

function albumFilters(q: TAdminCatalogueQuery): RawBuilder<unknown>[] {
  const where: RawBuilder<unknown>[] = [];
  if (q.genre) where.push(inGenre('album', 'albums.id', q.genre));
  if (q.artist_id)
    where.push(sql`albums.id in (select album_id from album_artist where artist_id = ${q.artist_id})`);
  if (q.owner_id) where.push(sql`albums.owner_id = ${q.owner_id}`);
  if (q.release_year) where.push(sql`extract(year from albums.release_date) = ${q.release_year}`);
  if (q.has_audio !== undefined) where.push(albumTracks(HAS_AUDIO, q.has_audio));
  if (q.has_lyrics !== undefined) where.push(albumTracks(HAS_LYRICS, q.has_lyrics));
  if (q.private !== undefined) {
    const isPrivate = sql`(exists (select 1 from tracks t where t.album_id = albums.id)
      and not exists (select 1 from tracks t where t.album_id = albums.id and t.visibility = 'public'))`;
    where.push(q.private ? isPrivate : sql`not ${isPrivate}`);
  }
  return where;
}

export const ALBUMS_TABLE: AdminTable = {
  from: sql`albums`,
  idRef: 'albums.id',
  name: 'albums.name',
  sort: { plays: 'albums.plays', date: 'albums.created_at', name: 'lower(albums.name)' },
  filters: albumFilters,
};

/** The admin table's columns of these albums (any order) with their track count. */
export function albumRowsByIds(db: Db, ids: number[]) {
  return db
    .selectFrom('albums')
    .select([
      'id',
      'name',
      'image',
      'plays',
      'record_type',
      'owner_id',
      'created_at',
      dateText('albums.release_date').as('release_date'),
      sql<number>`(select count(*)::int from tracks t where t.album_id = albums.id)`.as('tracks_count'),
    ])
    .where('id', 'in', ids)
    .execute();
}

export const lockForDelete = async (trx: Transaction<Database>, ids: number[]) =>
  (await trx.selectFrom('albums').select('id').where('id', 'in', ids).forUpdate().execute()).map((r) =>
    Number(r.id),
  );

export async function remove(trx: Transaction<Database>, ids: number[]) {
  await trx.deleteFrom('albums').where('id', 'in', ids).execute();
}
