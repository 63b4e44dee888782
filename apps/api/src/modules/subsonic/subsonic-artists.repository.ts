import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { userRating } from './subsonic-ratings.repository';
import { escapeLike } from './subsonic-songs.repository';

type Db = Kysely<Database>;

/** One row per enabled artist with what a Subsonic `ArtistID3` shows (disabled artists do not exist here). */
export function artistQuery(db: Db, viewerId: number) {
  return db
    .selectFrom('artists as ar')
    .leftJoin('likes as l', (join) =>
      join
        .onRef('l.likeable_id', '=', 'ar.id')
        .on('l.likeable_type', '=', 'artist')
        .on('l.user_id', '=', viewerId),
    )
    .where('ar.disabled', '=', false)
    .select((eb) => [
      'ar.id',
      'ar.name',
      'ar.image_small',
      'ar.image_large',
      'l.created_at as starred_at',
      userRating(eb, 'artist', 'ar.id', viewerId),
      sql<number>`(select count(*)::int from album_artist aa where aa.artist_id = ar.id)`.as('album_count'),
    ]);
}

export type ArtistRow = Awaited<ReturnType<ReturnType<typeof artistQuery>['execute']>>[number];

export function artistById(db: Db, viewerId: number, id: number) {
  return artistQuery(db, viewerId).where('ar.id', '=', id).executeTakeFirst();
}

/** Every artist for `getArtists`, by name (capped: an index is for browsing, search3 pages the rest). */
export function allArtists(db: Db, viewerId: number, limit: number) {
  return artistQuery(db, viewerId).orderBy(sql`lower(ar.name)`).orderBy('ar.id').limit(limit).execute();
}

export function searchArtists(
  db: Db,
  viewerId: number,
  query: string,
  page: { size: number; offset: number },
) {
  let q = artistQuery(db, viewerId);
  if (query) q = q.where('ar.name', 'ilike', `%${escapeLike(query)}%`);
  return q.orderBy('ar.name').orderBy('ar.id').limit(page.size).offset(page.offset).execute();
}

export function starredArtists(db: Db, viewerId: number) {
  return artistQuery(db, viewerId)
    .where('l.created_at', 'is not', null)
    .orderBy('l.created_at', 'desc')
    .limit(1000)
    .execute();
}

/** Genres with their song and album counts (public tracks only: counts must not reveal private ones). */
export function genresWithCounts(db: Db) {
  return db
    .selectFrom('genres as g')
    .select([
      sql<string>`coalesce(g.display_name, g.name)`.as('name'),
      sql<number>`(select count(*)::int from genreables gl join tracks t on t.id = gl.genreable_id where gl.genre_id = g.id and gl.genreable_type = 'track' and t.visibility = 'public')`.as(
        'song_count',
      ),
      sql<number>`(select count(*)::int from genreables gl where gl.genre_id = g.id and gl.genreable_type = 'album')`.as(
        'album_count',
      ),
    ])
    .orderBy('g.name')
    .limit(1000)
    .execute();
}

/** When the artist index last changed (`getIndexes`' `lastModified`), in ms; 0 for none. */
export async function artistsChangedAt(db: Db): Promise<number> {
  const row = await db
    .selectFrom('artists')
    .select(sql<Date | null>`max(updated_at)`.as('changed'))
    .where('disabled', '=', false)
    .executeTakeFirst();
  return row?.changed ? new Date(row.changed).getTime() : 0;
}
