import {
  type Insertable,
  type Kysely,
  type Selectable,
  sql,
  type Transaction,
  type Updateable,
} from 'kysely';
import type { Database } from '../../platform/db/schema';
import { itemsCreditedTo } from '../catalogue/artist-credits.repository';
import type { MusicScope } from '../catalogue/catalogue-items.repository';
import { listOrder } from '../catalogue/catalogue-list';
import { dateText, nameMatches, paginate } from '../catalogue/catalogue-query.repository';
import { itemsInGenre } from '../catalogue/genre-links.repository';
import type { AlbumsTable } from './albums.tables';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

export type AlbumRow = Omit<Selectable<AlbumsTable>, 'release_date' | 'workspace_id'> & {
  release_date: string | null;
};

export const ALBUM_COLUMNS = [
  'albums.id',
  'albums.name',
  'albums.slug',
  'albums.image',
  'albums.description',
  'albums.owner_id',
  'albums.plays',
  'albums.views',
  'albums.record_type',
  'albums.created_at',
  'albums.updated_at',
] as const;

export const albumReleaseDate = () => dateText('albums.release_date').as('release_date');

export function findAlbum(db: Db, id: number): Promise<AlbumRow | undefined> {
  return db
    .selectFrom('albums')
    .select([...ALBUM_COLUMNS, albumReleaseDate()])
    .where('albums.id', '=', id)
    .executeTakeFirst();
}

const SORTABLE = ['name', 'release_date', 'plays', 'views', 'created_at', 'id'] as const;

type AlbumListQuery = { query?: string; artistId?: number; genre?: string };

/** One page of the albums a list asks for, in its order (nulls last, id breaks ties). */
export function albumPage(
  db: Db,
  query: AlbumListQuery & { page: number; perPage: number; orderBy?: string; orderDir?: 'asc' | 'desc' },
) {
  const { column, direction } = listOrder('albums', SORTABLE, query);
  return paginate(albumListQuery(db, query), query, (q) =>
    q
      .select([...ALBUM_COLUMNS, albumReleaseDate()])
      .orderBy(column, (ob) => (direction === 'asc' ? ob.asc() : ob.desc()).nullsLast())
      .orderBy('albums.id', direction),
  );
}

/** The albums a list filters (name, artist, genre) before it is paged. */
function albumListQuery(db: Db, query: AlbumListQuery) {
  let base = db.selectFrom('albums');
  if (query.query) base = base.where(nameMatches('albums.name', query.query));
  if (query.artistId) base = base.where('albums.id', 'in', itemsCreditedTo(db, 'album', query.artistId));
  if (query.genre) base = base.where('albums.id', 'in', itemsInGenre(db, 'album', query.genre));
  return base;
}

/** The visible tracks of the albums, in album order (unnumbered last). */
export function visibleTracksOfAlbums(db: Db, albumIds: number[]) {
  return db
    .selectFrom('tracks')
    .selectAll()
    .where('album_id', 'in', albumIds)
    .where('visibility', '!=', 'private')
    .orderBy('album_id')
    .orderBy(sql`number nulls last`)
    .orderBy('id')
    .execute();
}

export async function trackIdsOfAlbum(db: Db, albumId: number): Promise<number[]> {
  const rows = await db.selectFrom('tracks').select('id').where('album_id', '=', albumId).execute();
  return rows.map((row) => row.id);
}

export async function insertAlbum(db: Db | Trx, values: Insertable<AlbumsTable>): Promise<number> {
  const { id } = await db.insertInto('albums').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateAlbum(db: Db | Trx, id: number, columns: Updateable<AlbumsTable>): Promise<void> {
  await db.updateTable('albums').set(columns).where('id', '=', id).execute();
}

export async function deleteAlbum(trx: Trx, id: number): Promise<void> {
  await trx.deleteFrom('albums').where('id', '=', id).execute();
}

/** The album, owner and id of each listed track (what an album edit checks before it moves them). */
export function trackPlacements(db: Db, trackIds: number[]) {
  return db
    .selectFrom('tracks')
    .select(['id', 'album_id', 'owner_id', 'visibility'])
    .where('id', 'in', trackIds)
    .execute();
}

/**
 * Orders the listed tracks on the album; the ones it leaves out stay in the catalogue as singles
 * (the backstage editor leaves their `updated_at` alone: `stampSingles` false).
 */
export async function replaceAlbumTracks(
  trx: Trx,
  albumId: number,
  trackIds: number[],
  stampSingles = true,
): Promise<void> {
  let singles = trx
    .updateTable('tracks')
    .set({ album_id: null, number: null, ...(stampSingles ? { updated_at: new Date() } : {}) })
    .where('album_id', '=', albumId);
  if (trackIds.length > 0) singles = singles.where('id', 'not in', trackIds);
  await singles.execute();
  for (const [index, id] of trackIds.entries())
    await trx
      .updateTable('tracks')
      .set({ album_id: albumId, number: index + 1, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
}

/** The newest albums in the scope (the backstage home). */
export function recentAlbumsIn(db: Db, scope: MusicScope) {
  const query = db.selectFrom('albums').select(['id', 'name', 'image', 'plays']);
  return (
    'workspaceId' in scope
      ? query.where('workspace_id', '=', scope.workspaceId)
      : query.where('owner_id', '=', scope.ownerId)
  )
    .orderBy('created_at', 'desc')
    .limit(50)
    .execute();
}

/** Album rows with `release_date` as `YYYY-MM-DD` text, as the album DTO expects. */
export function findAlbums(db: Kysely<Database>, ids: number[]) {
  return db
    .selectFrom('albums')
    .selectAll()
    .select(dateText('albums.release_date').as('release_date'))
    .where('id', 'in', ids)
    .execute();
}

/** The player's address of an album (`/album/{id}/{first artist}/{album}`), or undefined if it is gone. */
export async function albumPath(db: Db, id: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('albums')
    .select((eb) => [
      'albums.id',
      'albums.slug',
      eb
        .selectFrom('album_artist as aa')
        .innerJoin('artists as a', 'a.id', 'aa.artist_id')
        .select('a.slug')
        .whereRef('aa.album_id', '=', 'albums.id')
        .orderBy('aa.position')
        .limit(1)
        .as('artist_slug'),
    ])
    .where('albums.id', '=', id)
    .executeTakeFirst();
  return row ? `/album/${row.id}/${row.artist_slug ?? 'artist'}/${row.slug}` : undefined;
}
