import type { TChannelContentModel, TChannelLeafItem, TChannelOrder } from '@cadence/contracts/channel';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import {
  loadAlbumCards,
  loadArtistCards,
  loadGenreCards,
  loadPlaylistCards,
  loadTrackCards,
  loadUserCards,
} from '../search/cards.repository';

export type LeafModel = Exclude<TChannelContentModel, 'channel'>;

type ModelSql = {
  table: string;
  visible: string;
  popularity: string;
  released: string;
  name: string;
  /** Which genreables/taggables type filters this model by restriction; null: not restrictable. */
  restrictable: 'track' | 'album' | 'artist' | null;
};

/** Constant SQL fragments per content model; user input never reaches them. */
export const MODEL_SQL: Record<LeafModel, ModelSql> = {
  track: {
    table: 'tracks',
    visible: `visibility = 'public'`,
    popularity: 'plays',
    released: 'coalesce(released_at, created_at)',
    name: 'name',
    restrictable: 'track',
  },
  album: {
    table: 'albums',
    visible: 'true',
    popularity: 'plays',
    released: 'release_date',
    name: 'name',
    restrictable: 'album',
  },
  artist: {
    table: 'artists',
    visible: 'disabled = false',
    popularity: 'plays',
    released: 'created_at',
    name: 'name',
    restrictable: 'artist',
  },
  playlist: {
    table: 'playlists',
    visible: 'public = true',
    popularity: 'plays',
    released: 'created_at',
    name: 'name',
    restrictable: null,
  },
  genre: {
    table: 'genres',
    visible: 'true',
    popularity: 'popularity',
    released: 'created_at',
    name: 'coalesce(display_name, name)',
    restrictable: null,
  },
  user: {
    table: 'users',
    visible: 'banned_at is null',
    popularity: `(select count(*) from follows f where f.followable_type = 'user' and f.followable_id = users.id)`,
    released: 'created_at',
    name: 'name',
    restrictable: null,
  },
};

export function orderSql(model: LeafModel, order: TChannelOrder): string {
  const m = MODEL_SQL[model];
  if (order === 'name:asc') return `${m.name} asc, id asc`;
  if (order === 'created_at:desc') return 'created_at desc, id desc';
  if (order === 'release_date:desc') return `${m.released} desc nulls last, id desc`;
  return `${m.popularity} desc, id desc`;
}

type Db = Kysely<Database>;

/** Cards of one model, in the order of `ids`, each tagged with its `model_type`. */
export async function loadLeafItems(db: Db, model: LeafModel, ids: number[]): Promise<TChannelLeafItem[]> {
  switch (model) {
    case 'track':
      return (await loadTrackCards(db, ids)).map((card) => ({ ...card, model_type: 'track' as const }));
    case 'album':
      return (await loadAlbumCards(db, ids)).map((card) => ({ ...card, model_type: 'album' as const }));
    case 'artist':
      return (await loadArtistCards(db, ids)).map((card) => ({ ...card, model_type: 'artist' as const }));
    case 'playlist':
      return (await loadPlaylistCards(db, ids)).map((card) => ({ ...card, model_type: 'playlist' as const }));
    case 'genre':
      return (await loadGenreCards(db, ids)).map((card) => ({ ...card, model_type: 'genre' as const }));
    case 'user':
      return (await loadUserCards(db, ids)).map((card) => ({ ...card, model_type: 'user' as const }));
  }
}
