import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { userRating } from './subsonic-ratings.repository';
import { escapeLike, inGenre } from './subsonic-songs.repository';

type Db = Kysely<Database>;
export type Page = { size: number; offset: number };

/** A track of the album the viewer may see (as on the album page, plus their own private ones). */
const visibleOf = (viewerId: number) => sql`(t.visibility != 'private' or t.owner_id = ${viewerId})`;

/** One row per album with what a Subsonic `AlbumID3` shows. */
export function albumQuery(db: Db, viewerId: number) {
  return db
    .selectFrom('albums as a')
    .leftJoin('likes as l', (join) =>
      join
        .onRef('l.likeable_id', '=', 'a.id')
        .on('l.likeable_type', '=', 'album')
        .on('l.user_id', '=', viewerId),
    )
    .select((eb) => [
      'a.id',
      'a.name',
      'a.image',
      'a.plays',
      'a.created_at',
      sql<number | null>`extract(year from a.release_date)::int`.as('year'),
      'l.created_at as starred_at',
      userRating(eb, 'album', 'a.id', viewerId),
      eb
        .selectFrom('album_artist as aa')
        .innerJoin('artists as ar', 'ar.id', 'aa.artist_id')
        .select('ar.id')
        .whereRef('aa.album_id', '=', 'a.id')
        .orderBy('aa.position')
        .limit(1)
        .as('artist_id'),
      eb
        .selectFrom('album_artist as aa')
        .innerJoin('artists as ar', 'ar.id', 'aa.artist_id')
        .select('ar.name')
        .whereRef('aa.album_id', '=', 'a.id')
        .orderBy('aa.position')
        .limit(1)
        .as('artist_name'),
      sql<number>`(select count(*)::int from tracks t where t.album_id = a.id and ${visibleOf(viewerId)})`.as(
        'song_count',
      ),
      sql<number>`(select coalesce(sum(t.duration), 0)::bigint from tracks t where t.album_id = a.id and ${visibleOf(viewerId)})`.as(
        'duration_ms',
      ),
      eb
        .selectFrom('genreables as gl')
        .innerJoin('genres as g', 'g.id', 'gl.genre_id')
        .select(sql<string>`coalesce(g.display_name, g.name)`.as('genre'))
        .whereRef('gl.genreable_id', '=', 'a.id')
        .where('gl.genreable_type', '=', 'album')
        .orderBy('g.name')
        .limit(1)
        .as('genre'),
    ]);
}

export type AlbumRow = Awaited<ReturnType<ReturnType<typeof albumQuery>['execute']>>[number];

export function albumById(db: Db, viewerId: number, id: number) {
  return albumQuery(db, viewerId).where('a.id', '=', id).executeTakeFirst();
}

export function albumsOfArtist(db: Db, viewerId: number, artistId: number) {
  return albumQuery(db, viewerId)
    .where('a.id', 'in', db.selectFrom('album_artist').select('album_id').where('artist_id', '=', artistId))
    .orderBy('a.release_date', 'desc')
    .orderBy('a.id', 'desc')
    .limit(500)
    .execute();
}

export function searchAlbums(db: Db, viewerId: number, query: string, page: Page) {
  let q = albumQuery(db, viewerId);
  if (query) q = q.where('a.name', 'ilike', `%${escapeLike(query)}%`);
  return q.orderBy('a.name').orderBy('a.id').limit(page.size).offset(page.offset).execute();
}

export function starredAlbums(db: Db, viewerId: number) {
  return albumQuery(db, viewerId)
    .where('l.created_at', 'is not', null)
    .orderBy('l.created_at', 'desc')
    .limit(1000)
    .execute();
}

export type AlbumListType =
  | 'random'
  | 'newest'
  | 'highest'
  | 'frequent'
  | 'recent'
  | 'alphabeticalByName'
  | 'alphabeticalByArtist'
  | 'starred'
  | 'byYear'
  | 'byGenre';

export type AlbumListFilter = { fromYear?: number; toYear?: number; genre?: string };

/** `getAlbumList2`: one page of albums in the order its type names. */
export function albumList(
  db: Db,
  viewerId: number,
  type: AlbumListType,
  filter: AlbumListFilter,
  page: Page,
) {
  const base = albumQuery(db, viewerId);
  const paged = <
    Q extends { limit: (n: number) => { offset: (n: number) => { execute: () => Promise<AlbumRow[]> } } },
  >(
    q: Q,
  ) => q.limit(page.size).offset(page.offset).execute();
  switch (type) {
    case 'random':
      return base.orderBy(sql`random()`).limit(page.size).execute();
    case 'newest':
      return paged(base.orderBy('a.created_at', 'desc').orderBy('a.id', 'desc'));
    case 'highest':
      // No ratings in Cadence: the most liked albums are the highest rated.
      return paged(
        base
          .orderBy(
            sql`(select count(*) from likes lk where lk.likeable_type = 'album' and lk.likeable_id = a.id)`,
            'desc',
          )
          .orderBy('a.id'),
      );
    case 'frequent':
      return paged(base.orderBy('a.plays', 'desc').orderBy('a.id'));
    case 'recent':
      return paged(
        base
          .innerJoin(
            db
              .selectFrom('plays as p')
              .innerJoin('tracks as t', 't.id', 'p.track_id')
              .select([sql<number>`t.album_id`.as('album_id'), sql<Date>`max(p.played_at)`.as('last_played')])
              .where('p.user_id', '=', viewerId)
              .where('t.album_id', 'is not', null)
              .groupBy('t.album_id')
              .as('recent'),
            'recent.album_id',
            'a.id',
          )
          .orderBy('recent.last_played', 'desc')
          .orderBy('a.id'),
      );
    case 'alphabeticalByName':
      return paged(base.orderBy(sql`lower(a.name)`).orderBy('a.id'));
    case 'alphabeticalByArtist':
      return paged(
        base
          .orderBy(
            sql`lower(coalesce((select ar.name from album_artist aa join artists ar on ar.id = aa.artist_id where aa.album_id = a.id order by aa.position limit 1), ''))`,
          )
          .orderBy(sql`lower(a.name)`)
          .orderBy('a.id'),
      );
    case 'starred':
      return paged(
        base.where('l.created_at', 'is not', null).orderBy('l.created_at', 'desc').orderBy('a.id'),
      );
    case 'byYear': {
      const from = filter.fromYear ?? 0;
      const to = filter.toYear ?? 9999;
      const year = sql<number>`extract(year from a.release_date)`;
      return paged(
        base
          .where(year, '>=', Math.min(from, to))
          .where(year, '<=', Math.max(from, to))
          .orderBy(year, from <= to ? 'asc' : 'desc')
          .orderBy('a.id'),
      );
    }
    case 'byGenre':
      return paged(
        base
          .where('a.id', 'in', inGenre(db, 'album', filter.genre ?? ''))
          .orderBy(sql`lower(a.name)`)
          .orderBy('a.id'),
      );
  }
}
