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
import { type CompiledQuery, type Kysely, sql } from 'kysely';
import { executeTemplate } from '../../platform/db/prepared-statements';
import type { Database } from '../../platform/db/schema';
import { artistRefsJson } from '../catalogue/artist-refs.repository';

/**
 * Compact rows ("cards") of each content model, loaded by id and returned in the order asked,
 * shared by search, radio and channels. Ids that are missing or not visible are dropped.
 *
 * Each model is one statement (credited artists aggregated in it) whose text does not depend on
 * the ids (`id = any($1)`), run as a prepared statement: a search answers with up to nine of
 * these, so their round trips and planning were most of its time on a small catalogue.
 */
type Db = Kysely<Database>;

const dateText = (value: Date | string | null) =>
  value === null ? null : typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);

/** `column = any(ids)`: one array parameter, so the statement's text is the same for any ids. */
const anyId = (ids: number[]) => sql<number>`any(${ids}::bigint[])`;

/** Stands for the ids when a card statement is compiled (the one time it is built). */
const IDS_MARKER: number[] = [];

/** Runs `query` (not at all for no ids) and maps its rows to cards in the order of `ids`. */
async function cardsInOrder<Row extends { id: number }, Card>(
  db: Db,
  key: string,
  ids: number[],
  build: (ids: number[]) => { compile(): CompiledQuery<Row> },
  toCard: (row: Row) => Card,
): Promise<Card[]> {
  if (ids.length === 0) return [];
  const rows = await executeTemplate(db, `cards:${key}`, IDS_MARKER, ids, build);
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toCard(row)] : [];
  });
}

/** The credited artists (id and name only), as each card's last field. */
const artistsOf = (refs: Pick<TArtistRef, 'id' | 'name'>[] | null) =>
  (refs ?? []).map((ref) => ({ id: Number(ref.id), name: ref.name }));

export function loadTrackCards(db: Db, ids: number[]): Promise<TSearchTrack[]> {
  const query = (cardIds: number[]) =>
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
        artistRefsJson(db, 'track', 'tracks.id').as('artists'),
      ])
      .where('tracks.id', '=', anyId(cardIds))
      .where('tracks.visibility', '=', 'public');
  return cardsInOrder(db, 'track', ids, query, (row) => ({
    id: Number(row.id),
    name: row.name,
    image: row.image ?? row.album_image ?? null,
    duration: row.duration === null ? null : Number(row.duration),
    plays: Number(row.plays),
    album: row.album_id === null ? null : { id: Number(row.album_id), name: row.album_name ?? '' },
    artists: artistsOf(row.artists),
  }));
}

export function loadAlbumCards(db: Db, ids: number[]): Promise<TSearchAlbum[]> {
  const query = (cardIds: number[]) =>
    db
      .selectFrom('albums')
      .select([
        'albums.id',
        'albums.name',
        'albums.image',
        'albums.release_date',
        'albums.plays',
        artistRefsJson(db, 'album', 'albums.id').as('artists'),
      ])
      .where('albums.id', '=', anyId(cardIds));
  return cardsInOrder(db, 'album', ids, query, (row) => ({
    id: Number(row.id),
    name: row.name,
    image: row.image,
    release_date: dateText(row.release_date as Date | string | null),
    plays: Number(row.plays),
    artists: artistsOf(row.artists),
  }));
}

export function loadArtistCards(db: Db, ids: number[]): Promise<TSearchArtist[]> {
  const query = (cardIds: number[]) =>
    db
      .selectFrom('artists')
      .select(['id', 'name', 'image_small', 'verified', 'plays'])
      .where('id', '=', anyId(cardIds))
      .where('disabled', '=', false);
  return cardsInOrder(db, 'artist', ids, query, (row) => ({
    ...row,
    id: Number(row.id),
    plays: Number(row.plays),
  }));
}

export function loadPlaylistCards(db: Db, ids: number[]): Promise<TSearchPlaylist[]> {
  const query = (cardIds: number[]) =>
    db
      .selectFrom('playlists')
      .innerJoin('users', 'users.id', 'playlists.owner_id')
      .select([
        'playlists.id',
        'playlists.name',
        'playlists.image',
        'users.id as owner_id',
        'users.name as owner_name',
      ])
      .where('playlists.id', '=', anyId(cardIds))
      .where('playlists.public', '=', true);
  return cardsInOrder(db, 'playlist', ids, query, (row) => ({
    id: Number(row.id),
    name: row.name,
    image: row.image,
    owner: { id: Number(row.owner_id), name: row.owner_name },
  }));
}

export function loadUserCards(db: Db, ids: number[]): Promise<TSearchUser[]> {
  const query = (cardIds: number[]) =>
    db
      .selectFrom('users')
      .select(['id', 'name', 'image'])
      .where('id', '=', anyId(cardIds))
      .where('banned_at', 'is', null);
  return cardsInOrder(db, 'user', ids, query, (row) => ({ ...row, id: Number(row.id) }));
}

export function loadGenreCards(db: Db, ids: number[]): Promise<TSearchGenre[]> {
  const query = (cardIds: number[]) =>
    db.selectFrom('genres').select(['id', 'name', 'display_name', 'image']).where('id', '=', anyId(cardIds));
  return cardsInOrder(db, 'genre', ids, query, (row) => ({ ...row, id: Number(row.id) }));
}

export function loadTagCards(db: Db, ids: number[]): Promise<TSearchTag[]> {
  const query = (cardIds: number[]) =>
    db.selectFrom('tags').select(['id', 'name', 'display_name']).where('id', '=', anyId(cardIds));
  return cardsInOrder(db, 'tag', ids, query, (row) => ({ ...row, id: Number(row.id) }));
}
