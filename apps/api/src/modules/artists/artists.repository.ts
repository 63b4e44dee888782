import {
  type Expression,
  type Insertable,
  type Kysely,
  type Selectable,
  sql,
  type Transaction,
  type Updateable,
} from 'kysely';
import type { Database } from '../../platform/db/schema';
import { listOrder } from '../catalogue/catalogue-list';
import { dateText, nameMatches, paginate } from '../catalogue/catalogue-query.repository';
import type { ArtistsTable } from './artists.tables';

/** The id of an artist that is not disabled, or undefined. */
export async function findEnabledArtistId(db: Kysely<Database>, id: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('artists')
    .select('id')
    .where('id', '=', id)
    .where('disabled', '=', false)
    .executeTakeFirst();
  return row?.id;
}

type Db = Kysely<Database>;
type Trx = Transaction<Database>;
type NewArtist = Insertable<ArtistsTable>;

const ARTIST_ALBUMS = 50;
const TOP_TRACKS = 10;

/** Which of these artist ids exist. */
export function existingArtistIds(db: Db, ids: number[]): Promise<{ id: number }[]> {
  return db.selectFrom('artists').select('id').where('id', 'in', ids).execute();
}

export function findArtist(db: Db, id: number): Promise<Selectable<ArtistsTable> | undefined> {
  return db.selectFrom('artists').selectAll().where('id', '=', id).executeTakeFirst();
}

const SORTABLE = ['name', 'plays', 'views', 'created_at', 'id'] as const;

/** One page of the artists a list asks for (disabled artists are hidden), id breaking ties. */
export function artistPage(
  db: Db,
  query: { query?: string; page: number; perPage: number; orderBy?: string; orderDir?: 'asc' | 'desc' },
) {
  let base = db.selectFrom('artists').where('artists.disabled', '=', false);
  if (query.query) base = base.where(nameMatches('artists.name', query.query));
  const { column, direction } = listOrder('artists', SORTABLE, query);
  return paginate(base, query, (q) =>
    q.selectAll('artists').orderBy(column, direction).orderBy('artists.id', direction),
  );
}

/**
 * The artist's albums, newest release first, as a query: for the artist `artist` names, a value
 * or a column reference (the artist page's correlated subquery).
 */
export function albumsOfArtistQuery(db: Db, artist: number | Expression<number>) {
  return db
    .selectFrom('album_artist as aa')
    .innerJoin('albums as al', 'al.id', 'aa.album_id')
    .select([
      'al.id',
      'al.name',
      'al.slug',
      'al.image',
      'al.record_type',
      dateText('al.release_date').as('release_date'),
    ])
    .where('aa.artist_id', '=', artist)
    .orderBy(sql`al.release_date desc nulls last`)
    .orderBy('al.id', 'desc')
    .limit(ARTIST_ALBUMS);
}

/** The artist's albums, newest release first. */
export function albumsOfArtist(db: Db, artistId: number) {
  return albumsOfArtistQuery(db, artistId).execute();
}

/** The artist's most played public tracks, as a query (see `albumsOfArtistQuery`). */
export function topTracksOfArtistQuery(db: Db, artist: number | Expression<number>) {
  return db
    .selectFrom('artist_track as at')
    .innerJoin('tracks as t', 't.id', 'at.track_id')
    .select(['t.id', 't.name', 't.duration', 't.plays', 't.image'])
    .where('at.artist_id', '=', artist)
    .where('t.visibility', '=', 'public')
    .orderBy('t.plays', 'desc')
    .orderBy('t.id', 'desc')
    .limit(TOP_TRACKS);
}

/** The artist's most played public tracks. */
export function topTracksOfArtist(db: Db, artistId: number) {
  return topTracksOfArtistQuery(db, artistId).execute();
}

export async function insertArtist(trx: Trx, values: NewArtist): Promise<number> {
  const { id } = await trx.insertInto('artists').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function addArtistOwner(trx: Trx, userId: number, artistId: number): Promise<void> {
  await trx
    .insertInto('user_artist')
    .values({ user_id: userId, artist_id: artistId, role: 'owner' })
    .execute();
}

export async function updateArtist(trx: Trx, id: number, columns: Updateable<ArtistsTable>): Promise<void> {
  await trx.updateTable('artists').set(columns).where('id', '=', id).execute();
}

export async function deleteArtist(trx: Trx, id: number): Promise<void> {
  await trx.deleteFrom('artists').where('id', '=', id).execute();
}

/** The artists these users manage, by name (the backstage home). */
export function artistCardsManagedBy(db: Db, userIds: number[]) {
  return db
    .selectFrom('user_artist as ua')
    .innerJoin('artists as a', 'a.id', 'ua.artist_id')
    .select(['a.id', 'a.name', 'a.image_small', 'a.verified'])
    .distinct()
    .where('ua.user_id', 'in', userIds)
    .orderBy('a.name')
    .execute();
}

/** The artists created in a workspace. */
export function artistCardsOfWorkspace(db: Db, workspaceId: number) {
  return db
    .selectFrom('artists as a')
    .select(['a.id', 'a.name', 'a.image_small', 'a.verified'])
    .where('a.workspace_id', '=', workspaceId)
    .execute();
}

/** Name and small image of each artist (references on other records). */
export function artistCards(db: Db, ids: number[]) {
  return db.selectFrom('artists').select(['id', 'name', 'image_small']).where('id', 'in', ids).execute();
}

/** The users who manage the artist. */
export async function artistManagerIds(db: Db, artistId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('user_artist')
    .select('user_id')
    .where('artist_id', '=', artistId)
    .execute();
  return rows.map((row) => Number(row.user_id));
}

/** True when the user manages the artist (owner or editor). */
export async function managesArtist(db: Db, userId: number, artistId: number): Promise<boolean> {
  const link = await db
    .selectFrom('user_artist')
    .select('artist_id')
    .where('user_id', '=', userId)
    .where('artist_id', '=', artistId)
    .executeTakeFirst();
  return link !== undefined;
}

/** The addresses of the artist's managers (owner and editors), oldest account first. */
export async function artistManagerEmails(db: Db, artistId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('user_artist')
    .innerJoin('users', 'users.id', 'user_artist.user_id')
    .select('users.email')
    .where('user_artist.artist_id', '=', artistId)
    .orderBy('users.id')
    .execute();
  return rows.map((row) => row.email);
}

/** True when someone other than `userId` manages the artist. */
export async function hasOtherManager(db: Db | Trx, artistId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('user_artist')
    .select('user_id')
    .where('artist_id', '=', artistId)
    .where('user_id', '!=', userId)
    .executeTakeFirst();
  return !!row;
}

/** Makes the user an owner of the artist, if not already one. */
export async function ensureArtistOwner(trx: Trx, userId: number, artistId: number): Promise<void> {
  await trx
    .insertInto('user_artist')
    .values({ user_id: userId, artist_id: artistId, role: 'owner' })
    .onConflict((oc) => oc.columns(['user_id', 'artist_id']).doNothing())
    .execute();
}

export async function artistExists(db: Kysely<Database>, id: number): Promise<boolean> {
  return !!(await db.selectFrom('artists').select('id').where('id', '=', id).executeTakeFirst());
}

/** Name and small image of each artist, for follow lists. */
export function artistNameRows(db: Kysely<Database>, ids: number[]) {
  return db.selectFrom('artists').select(['id', 'name', 'image_small']).where('id', 'in', ids).execute();
}
