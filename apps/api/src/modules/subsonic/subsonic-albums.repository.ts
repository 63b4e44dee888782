import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { probedRandomIds } from './subsonic-random.repository';
import { userRating } from './subsonic-ratings.repository';
import { escapeLike } from './subsonic-songs.repository';

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
        .orderBy('aa.artist_id')
        .limit(1)
        .as('artist_id'),
      eb
        .selectFrom('album_artist as aa')
        .innerJoin('artists as ar', 'ar.id', 'aa.artist_id')
        .select('ar.name')
        .whereRef('aa.album_id', '=', 'a.id')
        .orderBy('aa.position')
        .orderBy('aa.artist_id')
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

/** The albums of `ids`, in that order (one statement by primary key). */
async function albumsInOrder(db: Db, viewerId: number, ids: readonly number[]): Promise<AlbumRow[]> {
  if (ids.length === 0) return [];
  const rows = await albumQuery(db, viewerId)
    .where('a.id', 'in', [...ids])
    .execute();
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

const idsOf = (rows: { id: number | string | bigint }[]) => rows.map((row) => Number(row.id));

/** Up to `size` distinct random albums: probed ids, or a sort where probes give too few. */
async function randomAlbumIds(db: Db, size: number): Promise<number[]> {
  const probed = await probedRandomIds(db, 'albums', size);
  if (probed) return probed;
  return idsOf(await db.selectFrom('albums').select('id').orderBy(sql`random()`).limit(size).execute());
}

/**
 * `highest`: the most liked albums first (Cadence has no shared ratings), then by id. Each half
 * is cut at `offset + size` before the merge: the liked albums (an aggregate of album likes) and
 * the never-liked ones by id (a walk of the primary key that stops there), not a count of likes
 * for every album.
 */
async function highestAlbumIds(db: Db, page: Page): Promise<number[]> {
  const upTo = page.offset + page.size;
  const { rows } = await sql<{ id: string }>`
    select id from (
      (select lk.likeable_id as id, count(*) as likes
         from likes lk
        where lk.likeable_type = 'album' and exists (select 1 from albums a where a.id = lk.likeable_id)
        group by lk.likeable_id
        order by likes desc, lk.likeable_id
        limit ${upTo})
      union all
      (select a.id, 0 as likes
         from albums a
        where not exists (select 1 from likes lk where lk.likeable_type = 'album' and lk.likeable_id = a.id)
        order by a.id
        limit ${upTo})
    ) ranked
    order by likes desc, id
    limit ${page.size} offset ${page.offset}`.execute(db);
  return idsOf(rows);
}

/**
 * `alphabeticalByArtist`: by the album's first artist's name (lower-cased), then album name, then
 * id. A nested loop from the artists' `lower(name)` index through their albums, keeping each album
 * under its first artist only, stops after `offset + size` albums instead of sorting all of them.
 * Albums without any artist come after every artist's (finding them needs a pass over all albums,
 * so only the last pages pay it).
 */
async function albumIdsByArtist(db: Db, page: Page): Promise<number[]> {
  const { rows } = await sql<{ id: string }>`
    select a.id
      from artists ar
      join album_artist aa on aa.artist_id = ar.id
      join albums a on a.id = aa.album_id
     where aa.artist_id = (
       select f.artist_id from album_artist f where f.album_id = aa.album_id order by f.position, f.artist_id limit 1
     )
     order by lower(ar.name), lower(a.name), a.id
     limit ${page.size} offset ${page.offset}`.execute(db);
  const ids = idsOf(rows);
  if (ids.length === page.size) return ids;
  const withArtist = await sql<{ count: string }>`
    select count(distinct aa.album_id) as count from album_artist aa`.execute(db);
  const skip = Math.max(0, page.offset - Number(withArtist.rows[0]?.count ?? 0));
  const { rows: alone } = await sql<{ id: string }>`
    select a.id from albums a
     where not exists (select 1 from album_artist aa where aa.album_id = a.id)
     order by lower(a.name), a.id
     limit ${page.size - ids.length} offset ${skip}`.execute(db);
  return [...ids, ...idsOf(alone)];
}

/**
 * `recent`: the viewer's albums by their last play, then id. First from a window of their latest
 * plays (index order, ties at its edge included): every album played in the window was last played
 * after every album that was not, so when the window holds `offset + size` albums its order is the
 * whole order's. Else (the same few albums on repeat) every play of the viewer is grouped.
 */
async function recentAlbumIds(db: Db, viewerId: number, page: Page): Promise<number[]> {
  const plays = 4 * (page.offset + page.size);
  const { rows } = await sql<{ id: string; whole: boolean }>`
    with edge as (
      select (select p.played_at from plays p where p.user_id = ${viewerId}
               order by p.played_at desc offset ${plays - 1} limit 1) as played_at
    )
    select t.album_id as id, (select edge.played_at is null from edge) as whole
      from plays p
      join tracks t on t.id = p.track_id
     where p.user_id = ${viewerId} and t.album_id is not null
       and p.played_at >= coalesce((select edge.played_at from edge), '-infinity')
     group by t.album_id
     order by max(p.played_at) desc, t.album_id
     limit ${page.size} offset ${page.offset}`.execute(db);
  // A full page means the window held `offset + size` albums; a whole window is every play.
  if (rows.length === page.size || rows[0]?.whole === true) return idsOf(rows);
  const { rows: all } = await sql<{ id: string }>`
    select t.album_id as id
      from plays p
      join tracks t on t.id = p.track_id
     where p.user_id = ${viewerId} and t.album_id is not null
     group by t.album_id
     order by max(p.played_at) desc, t.album_id
     limit ${page.size} offset ${page.offset}`.execute(db);
  return idsOf(all);
}

/** `starred`: the viewer's album likes, latest first (their likes index, then those albums). */
async function starredAlbumIds(db: Db, viewerId: number, page: Page): Promise<number[]> {
  const { rows } = await sql<{ id: string }>`
    select l.likeable_id as id
      from likes l
     where l.user_id = ${viewerId} and l.likeable_type = 'album'
       and exists (select 1 from albums a where a.id = l.likeable_id)
     order by l.created_at desc, l.likeable_id
     limit ${page.size} offset ${page.offset}`.execute(db);
  return idsOf(rows);
}

/** Above this many albums in the genre, a page walks all albums by name and stops early. */
const GENRE_WALK_FROM = 2_000;

/**
 * `byGenre`: the genre's albums by name. A genre of many albums walks every album in name order
 * (a probe of the genre per album) and stops after `offset + size` of its albums; a small one
 * sorts its few albums (the walk would pass over nearly every album to find them).
 */
async function albumIdsInGenre(db: Db, genre: string, page: Page): Promise<number[]> {
  const name = genre.toLowerCase();
  const genres = await db
    .selectFrom('genres as g')
    .select('g.id')
    .where((eb) => eb.or([eb(sql`lower(g.name)`, '=', name), eb(sql`lower(g.display_name)`, '=', name)]))
    .execute();
  const genreIds = idsOf(genres);
  if (genreIds.length === 0) return [];
  const { count } = await db
    .selectFrom('genreables')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('genreable_type', '=', 'album')
    .where('genre_id', 'in', genreIds)
    .executeTakeFirstOrThrow();
  // `offset 0` keeps the probe a per-album check: as a join the planner would read every album.
  const probe =
    Number(count) > GENRE_WALK_FROM
      ? sql`exists (select 1 from genreables gl where gl.genreable_type = 'album' and gl.genreable_id = a.id and gl.genre_id in (${sql.join(genreIds)}) offset 0)`
      : sql`a.id in (select gl.genreable_id from genreables gl where gl.genreable_type = 'album' and gl.genre_id in (${sql.join(genreIds)}))`;
  const { rows } = await sql<{ id: string }>`
    select a.id from albums a where ${probe}
     order by lower(a.name), a.id
     limit ${page.size} offset ${page.offset}`.execute(db);
  return idsOf(rows);
}

/** `getAlbumList2`: one page of albums in the order its type names. */
export async function albumList(
  db: Db,
  viewerId: number,
  type: AlbumListType,
  filter: AlbumListFilter,
  page: Page,
): Promise<AlbumRow[]> {
  const base = albumQuery(db, viewerId);
  const paged = <
    Q extends { limit: (n: number) => { offset: (n: number) => { execute: () => Promise<AlbumRow[]> } } },
  >(
    q: Q,
  ) => q.limit(page.size).offset(page.offset).execute();
  switch (type) {
    case 'random':
      return albumsInOrder(db, viewerId, await randomAlbumIds(db, page.size));
    case 'newest':
      return paged(base.orderBy('a.created_at', 'desc').orderBy('a.id', 'desc'));
    case 'highest':
      return albumsInOrder(db, viewerId, await highestAlbumIds(db, page));
    case 'frequent':
      return paged(base.orderBy('a.plays', 'desc').orderBy('a.id'));
    case 'recent':
      return albumsInOrder(db, viewerId, await recentAlbumIds(db, viewerId, page));
    case 'alphabeticalByName':
      return paged(base.orderBy(sql`lower(a.name)`).orderBy('a.id'));
    case 'alphabeticalByArtist':
      return albumsInOrder(db, viewerId, await albumIdsByArtist(db, page));
    case 'starred':
      return albumsInOrder(db, viewerId, await starredAlbumIds(db, viewerId, page));
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
      return albumsInOrder(db, viewerId, await albumIdsInGenre(db, filter.genre ?? '', page));
  }
}
