import type { TAdminCatalogueQuery } from '@cadence/contracts/admin-catalogue';
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { type AdminTable, inGenre } from './admin-keyset.repository';

type Db = Kysely<Database> | Transaction<Database>;

function artistFilters(q: TAdminCatalogueQuery): RawBuilder<unknown>[] {
  const where: RawBuilder<unknown>[] = [];
  if (q.genre) where.push(inGenre('artist', 'artists.id', q.genre));
  if (q.owner_id)
    where.push(sql`artists.id in (select artist_id from user_artist where user_id = ${q.owner_id})`);
  if (q.private !== undefined) where.push(sql`artists.disabled = ${q.private}`);
  return where;
}

export const ARTISTS_TABLE: AdminTable = {
  from: sql`artists`,
  idRef: 'artists.id',
  name: 'artists.name',
  sort: { plays: 'artists.plays', date: 'artists.created_at', name: 'lower(artists.name)' },
  filters: artistFilters,
};

/** The admin table's columns of these artists (any order) with their counts. */
export function artistRowsByIds(db: Db, ids: number[]) {
  return db
    .selectFrom('artists')
    .select([
      'id',
      'name',
      'image_small',
      'plays',
      'verified',
      'disabled',
      'created_at',
      sql<number>`(select count(*)::int from album_artist aa where aa.artist_id = artists.id)`.as(
        'albums_count',
      ),
      sql<number>`(select count(*)::int from artist_track at where at.artist_id = artists.id)`.as(
        'tracks_count',
      ),
    ])
    .where('id', 'in', ids)
    .execute();
}

/** Who manages these artists (user ids), one row per link. */
export function artistManagers(db: Db, ids: number[]) {
  return db
    .selectFrom('user_artist')
    .select(['artist_id', 'user_id'])
    .where('artist_id', 'in', ids)
    .execute();
}

export const lockForDelete = async (trx: Transaction<Database>, ids: number[]) =>
  (await trx.selectFrom('artists').select('id').where('id', 'in', ids).forUpdate().execute()).map((r) =>
    Number(r.id),
  );

export async function remove(trx: Transaction<Database>, ids: number[]) {
  await trx.deleteFrom('artists').where('id', 'in', ids).execute();
}
