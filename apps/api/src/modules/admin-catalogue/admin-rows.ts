import type { TAdminAlbumRow, TAdminArtistRow, TAdminTrackRow } from '@cadence/contracts/admin-catalogue';
import type { TUserRef } from '@cadence/contracts/catalogue';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { artistRefsForAlbums, artistRefsForTracks } from '../catalogue/artist-refs';
import { genreRefs } from '../catalogue/catalogue-links';
import { iso, isoRequired } from '../catalogue/catalogue-utils';
import { publicUsers } from '../users/public-user';
import { albumRowsByIds } from './admin-albums.repository';
import { artistManagers, artistRowsByIds } from './admin-artists.repository';
import { trackRowsByIds } from './admin-tracks.repository';

type Db = Kysely<Database>;
const byIdOrder = <T extends { id: number }>(ids: number[], rows: T[]) => {
  const map = new Map(rows.map((row) => [Number(row.id), row]));
  return ids.flatMap((id) => map.get(id) ?? []);
};
const small = (ref: { id: number; name: string }) => ({ id: Number(ref.id), name: ref.name });
const owner = (users: Map<number, TUserRef>, id: number | null) =>
  id === null ? null : (users.get(id) ?? null);

export async function trackRows(db: Db, ids: number[]): Promise<TAdminTrackRow[]> {
  if (ids.length === 0) return [];
  const rows = await trackRowsByIds(db, ids);
  const [artists, genres, users] = await Promise.all([
    artistRefsForTracks(db, ids),
    genreRefs(db, 'track', ids),
    publicUsers(
      db,
      rows.flatMap((row) => (row.owner_id === null ? [] : [row.owner_id])),
    ),
  ]);
  return byIdOrder(ids, rows).map((row) => ({
    id: Number(row.id),
    name: row.name,
    image: row.image ?? row.album_image,
    duration: row.duration,
    plays: Number(row.plays),
    visibility: row.visibility,
    album: row.album_id === null ? null : { id: Number(row.album_id), name: row.album_name ?? '' },
    artists: (artists.get(row.id) ?? []).map(small),
    owner: owner(users, row.owner_id),
    genres: genres.get(row.id) ?? [],
    has_audio: row.has_audio,
    has_lyrics: row.has_lyrics,
    released_at: iso(row.released_at),
    created_at: isoRequired(row.created_at),
  }));
}

export async function albumRows(db: Db, ids: number[]): Promise<TAdminAlbumRow[]> {
  if (ids.length === 0) return [];
  const rows = await albumRowsByIds(db, ids);
  const [artists, genres, users] = await Promise.all([
    artistRefsForAlbums(db, ids),
    genreRefs(db, 'album', ids),
    publicUsers(
      db,
      rows.flatMap((row) => (row.owner_id === null ? [] : [row.owner_id])),
    ),
  ]);
  return byIdOrder(ids, rows).map((row) => ({
    id: Number(row.id),
    name: row.name,
    image: row.image,
    plays: Number(row.plays),
    record_type: row.record_type,
    release_date: row.release_date,
    artists: (artists.get(row.id) ?? []).map(small),
    owner: owner(users, row.owner_id),
    genres: genres.get(row.id) ?? [],
    tracks_count: Number(row.tracks_count),
    created_at: isoRequired(row.created_at),
  }));
}

export async function artistRows(db: Db, ids: number[]): Promise<TAdminArtistRow[]> {
  if (ids.length === 0) return [];
  const [rows, managers, genres] = await Promise.all([
    artistRowsByIds(db, ids),
    artistManagers(db, ids),
    genreRefs(db, 'artist', ids),
  ]);
  const users = await publicUsers(
    db,
    managers.map((row) => row.user_id),
  );
  return byIdOrder(ids, rows).map((row) => ({
    id: Number(row.id),
    name: row.name,
    image: row.image_small,
    plays: Number(row.plays),
    verified: row.verified,
    disabled: row.disabled,
    managers: managers
      .filter((m) => Number(m.artist_id) === Number(row.id))
      .flatMap((m) => users.get(m.user_id) ?? []),
    genres: genres.get(row.id) ?? [],
    albums_count: Number(row.albums_count),
    tracks_count: Number(row.tracks_count),
    created_at: isoRequired(row.created_at),
  }));
}
