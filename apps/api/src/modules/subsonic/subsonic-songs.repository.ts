import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { probedRandomIds } from './subsonic-random.repository';
import { userRating } from './subsonic-ratings.repository';

type Db = Kysely<Database>;
type TrackScope = ExpressionBuilder<Database & { t: Database['tracks'] }, 't'>;

/**
 * Which tracks a listener sees. `listed`: lists, search and random picks show public tracks and
 * the listener's own (unlisted ones are reachable by link, not listed), as the web lists do.
 * `linked`: an album's or playlist's tracks, and ids, also show unlisted ones. Private tracks of
 * others are never shown (a lookup by id checks the finer rule: managers, editors).
 */
export function visibleTrack(eb: TrackScope, viewerId: number, mode: 'listed' | 'linked') {
  return eb.or([
    mode === 'listed' ? eb('t.visibility', '=', 'public') : eb('t.visibility', '!=', 'private'),
    eb('t.owner_id', '=', viewerId),
  ]);
}

/** One row per track with what a Subsonic `Child` shows. */
export function songQuery(db: Db, viewerId: number) {
  return db
    .selectFrom('tracks as t')
    .leftJoin('albums as a', 'a.id', 't.album_id')
    .leftJoin('likes as l', (join) =>
      join
        .onRef('l.likeable_id', '=', 't.id')
        .on('l.likeable_type', '=', 'track')
        .on('l.user_id', '=', viewerId),
    )
    .select((eb) => [
      't.id',
      't.name',
      't.number',
      't.duration',
      't.album_id',
      't.mime',
      't.bitrate',
      't.image',
      't.plays',
      't.created_at',
      't.released_at',
      't.visibility',
      't.owner_id',
      't.track_gain',
      't.track_peak',
      't.album_gain',
      't.album_peak',
      'a.name as album_name',
      'a.image as album_image',
      sql<number | null>`extract(year from a.release_date)::int`.as('album_year'),
      'l.created_at as starred_at',
      userRating(eb, 'track', 't.id', viewerId),
      eb
        .selectFrom('artist_track as at')
        .innerJoin('artists as ar', 'ar.id', 'at.artist_id')
        .select('ar.id')
        .whereRef('at.track_id', '=', 't.id')
        .orderBy('at.primary', 'desc')
        .orderBy('at.position')
        .limit(1)
        .as('artist_id'),
      eb
        .selectFrom('artist_track as at')
        .innerJoin('artists as ar', 'ar.id', 'at.artist_id')
        .select('ar.name')
        .whereRef('at.track_id', '=', 't.id')
        .orderBy('at.primary', 'desc')
        .orderBy('at.position')
        .limit(1)
        .as('artist_name'),
      eb
        .selectFrom('genreables as gl')
        .innerJoin('genres as g', 'g.id', 'gl.genre_id')
        .select(sql<string>`coalesce(g.display_name, g.name)`.as('genre'))
        .whereRef('gl.genreable_id', '=', 't.id')
        .where('gl.genreable_type', '=', 'track')
        .orderBy('g.name')
        .limit(1)
        .as('genre'),
    ]);
}

export type SongRow = Awaited<ReturnType<ReturnType<typeof songQuery>['execute']>>[number];

export function songsByIds(db: Db, viewerId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([] as SongRow[]);
  return songQuery(db, viewerId)
    .where('t.id', 'in', ids)
    .where((eb) => visibleTrack(eb, viewerId, 'linked'))
    .execute();
}

/** One track, unfiltered: only after the caller checked the viewer may see it. */
export function songById(db: Db, viewerId: number, id: number) {
  return songQuery(db, viewerId).where('t.id', '=', id).executeTakeFirst();
}

export function songsOfAlbum(db: Db, viewerId: number, albumId: number) {
  return songQuery(db, viewerId)
    .where('t.album_id', '=', albumId)
    .where((eb) => visibleTrack(eb, viewerId, 'linked'))
    .orderBy(sql`t.number nulls last`)
    .orderBy('t.id')
    .execute();
}

/** Index entries a word search walks in name order before it asks the trigram index instead. */
const SEARCH_WALK_CAP = 20_000;

/** The songs of `ids`, in that order. */
async function songsInOrder(db: Db, viewerId: number, ids: readonly number[]): Promise<SongRow[]> {
  if (ids.length === 0) return [];
  const rows = await songQuery(db, viewerId)
    .where('t.id', 'in', [...ids])
    .execute();
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * `search3`'s songs by name, then id (every listed one for the empty query apps sync with). The
 * page's ids come first, from the `(name, id)` index alone (it carries what visibility needs):
 * a skipped row costs an index entry, not a row with its artist, genre and rating. A word walks
 * that index too while it is common enough to fill the page within `SEARCH_WALK_CAP` entries; a
 * rarer one is found by the trigram index of `cadence_unaccent(lower(name))` (a looser match that
 * every ILIKE match passes, so the ILIKE still decides) and its few matches sorted.
 */
export async function searchSongs(
  db: Db,
  viewerId: number,
  query: string,
  page: { size: number; offset: number },
): Promise<SongRow[]> {
  const listed = db
    .selectFrom('tracks as t')
    .select(['t.id', 't.name'])
    .where((eb) => visibleTrack(eb, viewerId, 'listed'));
  const songsOf = (rows: { id: number | string }[]) =>
    songsInOrder(
      db,
      viewerId,
      rows.map((row) => Number(row.id)),
    );
  if (!query) {
    const rows = await listed
      .orderBy('t.name')
      .orderBy('t.id')
      .limit(page.size)
      .offset(page.offset)
      .execute();
    return songsOf(rows);
  }
  const pattern = `%${escapeLike(query)}%`;
  const walked = await db
    .selectFrom(listed.orderBy('t.name').orderBy('t.id').limit(SEARCH_WALK_CAP).as('w'))
    .select('w.id')
    .where('w.name', 'ilike', pattern)
    .orderBy('w.name')
    .orderBy('w.id')
    .limit(page.size)
    .offset(page.offset)
    .execute();
  if (walked.length === page.size) return songsOf(walked);
  const found = await listed
    .where('t.name', 'ilike', pattern)
    .where(sql<boolean>`cadence_unaccent(lower(t.name)) like cadence_unaccent(lower(${pattern}))`)
    .orderBy('t.name')
    .orderBy('t.id')
    .limit(page.size)
    .offset(page.offset)
    .execute();
  return songsOf(found);
}

/** Random listed tracks by probed ids (see `probedRandomIds`); undefined where probes give too few. */
function probedRandomTrackIds(db: Db, viewerId: number, size: number): Promise<number[] | undefined> {
  return probedRandomIds(
    db,
    'tracks',
    size,
    sql<boolean>`(x.visibility = 'public' or x.owner_id = ${viewerId})`,
  );
}

export async function randomSongs(
  db: Db,
  viewerId: number,
  size: number,
  filter: { genre?: string; fromYear?: number; toYear?: number },
): Promise<SongRow[]> {
  const isFiltered = Boolean(filter.genre) || filter.fromYear !== undefined || filter.toYear !== undefined;
  if (!isFiltered) {
    const ids = await probedRandomTrackIds(db, viewerId, size);
    if (ids) return songsInOrder(db, viewerId, ids);
  }
  let q = songQuery(db, viewerId).where((eb) => visibleTrack(eb, viewerId, 'listed'));
  if (filter.genre) q = q.where('t.id', 'in', inGenre(db, 'track', filter.genre));
  if (filter.fromYear !== undefined)
    q = q.where(sql<number>`extract(year from a.release_date)`, '>=', filter.fromYear);
  if (filter.toYear !== undefined)
    q = q.where(sql<number>`extract(year from a.release_date)`, '<=', filter.toYear);
  return q.orderBy(sql`random()`).limit(size).execute();
}

export function songsInGenre(
  db: Db,
  viewerId: number,
  genre: string,
  page: { size: number; offset: number },
) {
  return songQuery(db, viewerId)
    .where((eb) => visibleTrack(eb, viewerId, 'listed'))
    .where('t.id', 'in', inGenre(db, 'track', genre))
    .orderBy('t.name')
    .orderBy('t.id')
    .limit(page.size)
    .offset(page.offset)
    .execute();
}

/** The most played listed tracks credited to an enabled artist of that name. */
export function topSongsOfArtist(db: Db, viewerId: number, artistName: string, size: number) {
  return songQuery(db, viewerId)
    .where((eb) => visibleTrack(eb, viewerId, 'listed'))
    .where(
      't.id',
      'in',
      db
        .selectFrom('artist_track as at')
        .innerJoin('artists as ar', 'ar.id', 'at.artist_id')
        .select('at.track_id')
        .where(sql<string>`lower(ar.name)`, '=', artistName.toLowerCase())
        .where('ar.disabled', '=', false),
    )
    .orderBy('t.plays', 'desc')
    .orderBy('t.id')
    .limit(size)
    .execute();
}

export function starredSongs(db: Db, viewerId: number) {
  return songQuery(db, viewerId)
    .where('l.created_at', 'is not', null)
    .where((eb) => visibleTrack(eb, viewerId, 'linked'))
    .orderBy('l.created_at', 'desc')
    .limit(1000)
    .execute();
}

export function inGenre(db: Db, type: 'track' | 'album' | 'artist', genre: string) {
  return db
    .selectFrom('genreables as gl')
    .innerJoin('genres as g', 'g.id', 'gl.genre_id')
    .select('gl.genreable_id')
    .where('gl.genreable_type', '=', type)
    .where((eb) =>
      eb.or([
        eb(sql`lower(g.name)`, '=', genre.toLowerCase()),
        eb(sql`lower(g.display_name)`, '=', genre.toLowerCase()),
      ]),
    );
}

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export type SimilarSeed = { artistIds: number[]; genreIds: number[]; excludeTrackId?: number };

/** The artists and genres a track, album or artist stands for (what "similar" means here). */
export async function similarSeed(
  db: Db,
  kind: 'track' | 'album' | 'artist',
  id: number,
): Promise<SimilarSeed> {
  const artists =
    kind === 'artist'
      ? [{ id }]
      : kind === 'album'
        ? await db.selectFrom('album_artist').select('artist_id as id').where('album_id', '=', id).execute()
        : await db.selectFrom('artist_track').select('artist_id as id').where('track_id', '=', id).execute();
  const genres = await db
    .selectFrom('genreables')
    .select('genre_id as id')
    .where('genreable_type', '=', kind)
    .where('genreable_id', '=', id)
    .execute();
  return {
    artistIds: artists.map((row) => Number(row.id)),
    genreIds: genres.map((row) => Number(row.id)),
    excludeTrackId: kind === 'track' ? id : undefined,
  };
}

/** Listed tracks by the seed's artists or in its genres, in random order (a radio of sorts). */
export function similarSongs(db: Db, viewerId: number, seed: SimilarSeed, size: number) {
  if (seed.artistIds.length === 0 && seed.genreIds.length === 0) return Promise.resolve([] as SongRow[]);
  let q = songQuery(db, viewerId)
    .where((eb) => visibleTrack(eb, viewerId, 'listed'))
    .where((eb) => {
      const ors = [];
      if (seed.artistIds.length) {
        ors.push(
          eb(
            't.id',
            'in',
            db.selectFrom('artist_track').select('track_id').where('artist_id', 'in', seed.artistIds),
          ),
        );
      }
      if (seed.genreIds.length) {
        ors.push(
          eb(
            't.id',
            'in',
            db
              .selectFrom('genreables')
              .select('genreable_id')
              .where('genreable_type', '=', 'track')
              .where('genre_id', 'in', seed.genreIds),
          ),
        );
      }
      return eb.or(ors);
    });
  if (seed.excludeTrackId !== undefined) q = q.where('t.id', '!=', seed.excludeTrackId);
  return q.orderBy(sql`random()`).limit(size).execute();
}
