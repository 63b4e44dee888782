import type {
  TSearchAlbum,
  TSearchArtist,
  TSearchGenre,
  TSearchPlaylist,
  TSearchTag,
  TSearchTrack,
  TSearchUser,
} from '@cadence/contracts/search';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

/**
 * Compact rows ("cards") of each content model, loaded by id and returned in the order asked,
 * shared by search, radio and channels. Ids that are missing or not visible are dropped.
 */
type Db = Kysely<Database>;
type Ref = { id: number; name: string };

const dateText = (value: Date | string | null) =>
  value === null ? null : typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);

function inOrder<T extends { id: number }>(ids: number[], rows: T[]): T[] {
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

async function trackArtists(db: Db, trackIds: number[]): Promise<Map<number, Ref[]>> {
  const map = new Map<number, Ref[]>();
  if (trackIds.length === 0) return map;
  const rows = await db
    .selectFrom('artist_track')
    .innerJoin('artists', 'artists.id', 'artist_track.artist_id')
    .select(['artist_track.track_id', 'artists.id', 'artists.name'])
    .where('artist_track.track_id', 'in', trackIds)
    .orderBy('artist_track.position')
    .execute();
  for (const row of rows) {
    const list = map.get(Number(row.track_id)) ?? [];
    list.push({ id: Number(row.id), name: row.name });
    map.set(Number(row.track_id), list);
  }
  return map;
}

async function albumArtists(db: Db, albumIds: number[]): Promise<Map<number, Ref[]>> {
  const map = new Map<number, Ref[]>();
  if (albumIds.length === 0) return map;
  const rows = await db
    .selectFrom('album_artist')
    .innerJoin('artists', 'artists.id', 'album_artist.artist_id')
    .select(['album_artist.album_id', 'artists.id', 'artists.name'])
    .where('album_artist.album_id', 'in', albumIds)
    .orderBy('album_artist.position')
    .execute();
  for (const row of rows) {
    const list = map.get(Number(row.album_id)) ?? [];
    list.push({ id: Number(row.id), name: row.name });
    map.set(Number(row.album_id), list);
  }
  return map;
}

export async function loadTrackCards(db: Db, ids: number[]): Promise<TSearchTrack[]> {
  if (ids.length === 0) return [];
  const [rows, artists] = await Promise.all([
    db
      .selectFrom('tracks')
      .leftJoin('albums', 'albums.id', 'tracks.album_id')
      .select([
        'tracks.id',
        'tracks.name',
        'tracks.image',
        'tracks.duration',
        'tracks.plays',
        'albums.id as album_id',
        'albums.name as album_name',
        'albums.image as album_image',
      ])
      .where('tracks.id', 'in', ids)
      .where('tracks.visibility', '=', 'public')
      .execute(),
    trackArtists(db, ids),
  ]);
  return inOrder(ids, rows).map((row) => ({
    id: Number(row.id),
    name: row.name,
    image: row.image ?? row.album_image ?? null,
    duration: row.duration === null ? null : Number(row.duration),
    plays: Number(row.plays),
    album: row.album_id === null ? null : { id: Number(row.album_id), name: row.album_name ?? '' },
    artists: artists.get(Number(row.id)) ?? [],
  }));
}

export async function loadAlbumCards(db: Db, ids: number[]): Promise<TSearchAlbum[]> {
  if (ids.length === 0) return [];
  const [rows, artists] = await Promise.all([
    db
      .selectFrom('albums')
      .select(['id', 'name', 'image', 'release_date', 'plays'])
      .where('id', 'in', ids)
      .execute(),
    albumArtists(db, ids),
  ]);
  return inOrder(ids, rows).map((row) => ({
    id: Number(row.id),
    name: row.name,
    image: row.image,
    release_date: dateText(row.release_date as Date | string | null),
    plays: Number(row.plays),
    artists: artists.get(Number(row.id)) ?? [],
  }));
}

export async function loadArtistCards(db: Db, ids: number[]): Promise<TSearchArtist[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('artists')
    .select(['id', 'name', 'image_small', 'verified', 'plays'])
    .where('id', 'in', ids)
    .where('disabled', '=', false)
    .execute();
  return inOrder(ids, rows).map((row) => ({
    id: Number(row.id),
    name: row.name,
    image_small: row.image_small,
    verified: row.verified,
    plays: Number(row.plays),
  }));
}

export async function loadPlaylistCards(db: Db, ids: number[]): Promise<TSearchPlaylist[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('playlists')
    .innerJoin('users', 'users.id', 'playlists.owner_id')
    .select([
      'playlists.id',
      'playlists.name',
      'playlists.image',
      'users.id as owner_id',
      'users.name as owner_name',
    ])
    .where('playlists.id', 'in', ids)
    .where('playlists.public', '=', true)
    .execute();
  return inOrder(ids, rows).map((row) => ({
    id: Number(row.id),
    name: row.name,
    image: row.image,
    owner: { id: Number(row.owner_id), name: row.owner_name },
  }));
}

export async function loadUserCards(db: Db, ids: number[]): Promise<TSearchUser[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select(['id', 'name', 'image'])
    .where('id', 'in', ids)
    .where('banned_at', 'is', null)
    .execute();
  return inOrder(ids, rows).map((row) => ({ id: Number(row.id), name: row.name, image: row.image }));
}

export async function loadGenreCards(db: Db, ids: number[]): Promise<TSearchGenre[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('genres')
    .select(['id', 'name', 'display_name', 'image'])
    .where('id', 'in', ids)
    .execute();
  return inOrder(ids, rows).map((row) => ({
    id: Number(row.id),
    name: row.name,
    display_name: row.display_name,
    image: row.image,
  }));
}

export async function loadTagCards(db: Db, ids: number[]): Promise<TSearchTag[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('tags')
    .select(['id', 'name', 'display_name'])
    .where('id', 'in', ids)
    .execute();
  return inOrder(ids, rows).map((row) => ({
    id: Number(row.id),
    name: row.name,
    display_name: row.display_name,
  }));
}
