import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';

type Db = Kysely<Database>;
export type TrackRow = { trackId: number; artistId: number | null; plays: number };

/** Most popular public tracks per source; enough variety for several refills. */
const PER_SOURCE = 300;

const toRows = (
  rows: { track_id: number | string; artist_id: number | string | null; plays: number | string }[],
) =>
  rows.map((row) => ({
    trackId: Number(row.track_id),
    artistId: row.artist_id === null ? null : Number(row.artist_id),
    plays: Number(row.plays),
  }));

const primaryArtist = sql`(select at.artist_id from artist_track at where at.track_id = t.id
  order by at.primary desc, at.position limit 1)`;

export async function tracksByArtists(db: Db, artistIds: number[]): Promise<TrackRow[]> {
  if (artistIds.length === 0) return [];
  const { rows } = await sql<{ track_id: number; artist_id: number; plays: number }>`
    select distinct on (t.plays, t.id) t.id as track_id, at.artist_id, t.plays
    from artist_track at join tracks t on t.id = at.track_id
    where at.artist_id = any(${artistIds}::bigint[]) and t.visibility = 'public'
    order by t.plays desc, t.id limit ${PER_SOURCE * 2}
  `.execute(db);
  return toRows(rows);
}

/** Tracks in a genre directly, through their album or through their artist. */
export async function tracksByGenres(db: Db, genreIds: number[]): Promise<TrackRow[]> {
  if (genreIds.length === 0) return [];
  const { rows } = await sql<{ track_id: number; artist_id: number | null; plays: number }>`
    select t.id as track_id, ${primaryArtist} as artist_id, t.plays
    from tracks t
    where t.visibility = 'public' and (
      t.id in (select genreable_id from genreables where genreable_type = 'track' and genre_id = any(${genreIds}::bigint[]))
      or t.album_id in (select genreable_id from genreables where genreable_type = 'album' and genre_id = any(${genreIds}::bigint[]))
      or t.id in (select at.track_id from artist_track at join genreables g on g.genreable_id = at.artist_id
        and g.genreable_type = 'artist' where g.genre_id = any(${genreIds}::bigint[]))
    )
    order by t.plays desc, t.id limit ${PER_SOURCE}
  `.execute(db);
  return toRows(rows);
}

export async function tracksByIds(db: Db, trackIds: number[]): Promise<TrackRow[]> {
  if (trackIds.length === 0) return [];
  const { rows } = await sql<{ track_id: number; artist_id: number | null; plays: number }>`
    select t.id as track_id, ${primaryArtist} as artist_id, t.plays from tracks t
    where t.id = any(${trackIds}::bigint[]) and t.visibility = 'public'
  `.execute(db);
  return toRows(rows);
}

export async function likeCounts(db: Db, trackIds: number[]): Promise<Map<number, number>> {
  if (trackIds.length === 0) return new Map();
  const { rows } = await sql<{ id: number; n: number }>`
    select likeable_id as id, count(*) as n from likes
    where likeable_type = 'track' and likeable_id = any(${trackIds}::bigint[]) group by 1
  `.execute(db);
  return new Map(rows.map((row) => [Number(row.id), Number(row.n)]));
}

/** Genres of tracks, their albums and their artists (the "sound" of a seed). */
export async function genresOf(
  db: Db,
  input: { trackIds?: number[]; artistIds?: number[] },
): Promise<number[]> {
  const trackIds = input.trackIds ?? [];
  const artistIds = input.artistIds ?? [];
  const { rows } = await sql<{ genre_id: number }>`
    select genre_id, count(*) from genreables where
      (genreable_type = 'track' and genreable_id = any(${trackIds}::bigint[]))
      or (genreable_type = 'album' and genreable_id in (select album_id from tracks where id = any(${trackIds}::bigint[])))
      or (genreable_type = 'artist' and genreable_id = any(${artistIds}::bigint[]))
    group by genre_id order by count(*) desc limit 5
  `.execute(db);
  return rows.map((row) => Number(row.genre_id));
}

export async function similarTo(db: Db, artistIds: number[]): Promise<Map<number, number>> {
  if (artistIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('similar_artists')
    .select(['similar_id', 'score'])
    .where('artist_id', 'in', artistIds)
    .orderBy('score', 'desc')
    .limit(20)
    .execute();
  const map = new Map<number, number>();
  for (const row of rows)
    map.set(Number(row.similar_id), Math.max(map.get(Number(row.similar_id)) ?? 0, Number(row.score)));
  return map;
}

export async function artistsOfTracks(db: Db, trackIds: number[]): Promise<number[]> {
  if (trackIds.length === 0) return [];
  const rows = await db
    .selectFrom('artist_track')
    .select('artist_id')
    .distinct()
    .where('track_id', 'in', trackIds)
    .execute();
  return rows.map((row) => Number(row.artist_id));
}

export async function seedName(
  db: Db,
  type: 'artist' | 'track' | 'playlist' | 'user',
  id: number,
): Promise<string | null> {
  const table = ({ artist: 'artists', track: 'tracks', playlist: 'playlists', user: 'users' } as const)[type];
  const query = db.selectFrom(table).select('name').where('id', '=', id);
  const filtered =
    type === 'track'
      ? query.where(sql<boolean>`visibility <> 'private'`)
      : type === 'playlist'
        ? query.where(sql<boolean>`public = true`)
        : type === 'artist'
          ? query.where(sql<boolean>`disabled = false`)
          : query;
  const row = await filtered.executeTakeFirst();
  return row ? row.name : null;
}

export async function genreByNameOrId(db: Db, key: string): Promise<{ id: number; name: string } | null> {
  const byId = /^\d{1,15}$/.test(key);
  const row = await db
    .selectFrom('genres')
    .select(['id', 'name'])
    .where(byId ? 'id' : 'name', '=', byId ? Number(key) : key.toLowerCase())
    .executeTakeFirst();
  return row ? { id: Number(row.id), name: row.name } : null;
}

export async function playlistTrackIds(db: Db, playlistId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('playlist_track')
    .select('track_id')
    .where('playlist_id', '=', playlistId)
    .orderBy('position')
    .limit(500)
    .execute();
  return rows.map((row) => Number(row.track_id));
}

/** What a user listens to: liked tracks, tracks of liked artists and recent plays. */
export async function userTasteTrackIds(
  db: Db,
  userId: number,
): Promise<{ trackIds: number[]; artistIds: number[] }> {
  const [liked, artists, played] = await Promise.all([
    sql<{
      id: number;
    }>`select likeable_id as id from likes where user_id = ${userId} and likeable_type = 'track'
      order by created_at desc limit 300`.execute(db),
    sql<{
      id: number;
    }>`select likeable_id as id from likes where user_id = ${userId} and likeable_type = 'artist'
      order by created_at desc limit 50`.execute(db),
    sql<{
      id: number;
    }>`select distinct track_id as id from (select track_id from plays where user_id = ${userId}
      order by played_at desc limit 300) recent`.execute(db),
  ]);
  const trackIds = [...new Set([...liked.rows, ...played.rows].map((row) => Number(row.id)))];
  return { trackIds, artistIds: artists.rows.map((row) => Number(row.id)) };
}
