import type { TArtistRef } from '@cadence/contracts/catalogue';
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
import { artistRefsForAlbums, artistRefsForTracks } from '../catalogue/artist-refs';

/**
 * Compact rows ("cards") of each content model, loaded by id and returned in the order asked,
 * shared by search, radio and channels. Ids that are missing or not visible are dropped.
 */
type Db = Kysely<Database>;

const dateText = (value: Date | string | null) =>
  value === null ? null : typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);

/** Runs `query` (not at all for no ids) and maps its rows to cards in the order of `ids`. */
async function cardsInOrder<Row extends { id: number }, Card>(
  ids: number[],
  query: { execute(): Promise<Row[]> },
  toCard: (row: Row) => Card,
): Promise<Card[]> {
  if (ids.length === 0) return [];
  const byId = new Map((await query.execute()).map((row) => [Number(row.id), row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toCard(row)] : [];
  });
}

/** Appends the credited artists (id and name only) as each card's last field. */
function withArtists<Card extends { id: number }>(cards: Card[], refs: Map<number, TArtistRef[]>) {
  return cards.map((card) => ({
    ...card,
    artists: (refs.get(card.id) ?? []).map((ref) => ({ id: Number(ref.id), name: ref.name })),
  }));
}

export async function loadTrackCards(db: Db, ids: number[]): Promise<TSearchTrack[]> {
  const query = db
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
    .where('tracks.visibility', '=', 'public');
  const [cards, artists] = await Promise.all([
    cardsInOrder(ids, query, (row) => ({
      id: Number(row.id),
      name: row.name,
      image: row.image ?? row.album_image ?? null,
      duration: row.duration === null ? null : Number(row.duration),
      plays: Number(row.plays),
      album: row.album_id === null ? null : { id: Number(row.album_id), name: row.album_name ?? '' },
    })),
    artistRefsForTracks(db, ids),
  ]);
  return withArtists(cards, artists);
}

export async function loadAlbumCards(db: Db, ids: number[]): Promise<TSearchAlbum[]> {
  const query = db
    .selectFrom('albums')
    .select(['id', 'name', 'image', 'release_date', 'plays'])
    .where('id', 'in', ids);
  const [cards, artists] = await Promise.all([
    cardsInOrder(ids, query, (row) => ({
      id: Number(row.id),
      name: row.name,
      image: row.image,
      release_date: dateText(row.release_date as Date | string | null),
      plays: Number(row.plays),
    })),
    artistRefsForAlbums(db, ids),
  ]);
  return withArtists(cards, artists);
}

export function loadArtistCards(db: Db, ids: number[]): Promise<TSearchArtist[]> {
  const query = db
    .selectFrom('artists')
    .select(['id', 'name', 'image_small', 'verified', 'plays'])
    .where('id', 'in', ids)
    .where('disabled', '=', false);
  return cardsInOrder(ids, query, (row) => ({ ...row, id: Number(row.id), plays: Number(row.plays) }));
}

export function loadPlaylistCards(db: Db, ids: number[]): Promise<TSearchPlaylist[]> {
  const query = db
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
    .where('playlists.public', '=', true);
  return cardsInOrder(ids, query, (row) => ({
    id: Number(row.id),
    name: row.name,
    image: row.image,
    owner: { id: Number(row.owner_id), name: row.owner_name },
  }));
}

export function loadUserCards(db: Db, ids: number[]): Promise<TSearchUser[]> {
  const query = db
    .selectFrom('users')
    .select(['id', 'name', 'image'])
    .where('id', 'in', ids)
    .where('banned_at', 'is', null);
  return cardsInOrder(ids, query, (row) => ({ ...row, id: Number(row.id) }));
}

export function loadGenreCards(db: Db, ids: number[]): Promise<TSearchGenre[]> {
  const query = db
    .selectFrom('genres')
    .select(['id', 'name', 'display_name', 'image'])
    .where('id', 'in', ids);
  return cardsInOrder(ids, query, (row) => ({ ...row, id: Number(row.id) }));
}

export function loadTagCards(db: Db, ids: number[]): Promise<TSearchTag[]> {
  const query = db.selectFrom('tags').select(['id', 'name', 'display_name']).where('id', 'in', ids);
  return cardsInOrder(ids, query, (row) => ({ ...row, id: Number(row.id) }));
}
