import type {
  TSearchQuery,
  TSearchResponse,
  TSearchType,
  TSuggestion,
  TSuggestionsResponse,
} from '@cadence/contracts/search';
import { SEARCH_TYPES } from '@cadence/contracts/search-types';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import {
  loadAlbumCards,
  loadArtistCards,
  loadGenreCards,
  loadPlaylistCards,
  loadTagCards,
  loadTrackCards,
  loadUserCards,
} from './cards.repository';
import { findRankedIdsByTab, findSuggestions } from './search.repository';
import { prefixTsQuery, trigramTerm } from './search-terms';

const LOADERS = {
  tracks: loadTrackCards,
  albums: loadAlbumCards,
  artists: loadArtistCards,
  playlists: loadPlaylistCards,
  users: loadUserCards,
  genres: loadGenreCards,
  tags: loadTagCards,
} as const;

export type SearchService = ReturnType<typeof createSearchService>;

export function createSearchService(db: Kysely<Database>) {
  return {
    async search(input: TSearchQuery): Promise<TSearchResponse> {
      const tsQuery = prefixTsQuery(input.query);
      const term = trigramTerm(input.query);
      const results: TSearchResponse['results'] = {};
      for (const type of input.types) results[type] = [];
      if (!tsQuery) return { query: input.query, results };
      // Every tab ranked in one statement, then each tab's cards (one statement each).
      const asked = new Set<TSearchType>(input.types);
      const ranked = await findRankedIdsByTab(
        db,
        SEARCH_TYPES.filter((type) => asked.has(type)),
        { tsQuery, term, limit: input.perPage },
      );
      const tabs = await Promise.all(
        input.types.map(async (type) => [type, await LOADERS[type](db, ranked.get(type) ?? [])] as const),
      );
      for (const [type, rows] of tabs) Object.assign(results, { [type]: rows });
      return { query: input.query, results };
    },

    /** Artists, tracks and albums merged by rank: a few light rows for the search box. */
    async suggestions(input: { query: string; limit: number }): Promise<TSuggestionsResponse> {
      const tsQuery = prefixTsQuery(input.query);
      const term = trigramTerm(input.query);
      if (!tsQuery) return { query: input.query, results: [] };
      const merged = await findSuggestions(db, { tsQuery, term, limit: input.limit });
      const idsOf = (type: TSuggestion['type']) =>
        merged.filter((row) => row.type === type).map((row) => row.id);
      const [artistCards, trackCards, albumCards] = await Promise.all([
        loadArtistCards(db, idsOf('artist')),
        loadTrackCards(db, idsOf('track')),
        loadAlbumCards(db, idsOf('album')),
      ]);
      const cards = new Map<string, TSuggestion>();
      for (const a of artistCards)
        cards.set(`artist:${a.id}`, {
          type: 'artist',
          id: a.id,
          name: a.name,
          image: a.image_small,
          subtitle: null,
        });
      for (const t of trackCards)
        cards.set(`track:${t.id}`, {
          type: 'track',
          id: t.id,
          name: t.name,
          image: t.image,
          subtitle: t.artists[0]?.name ?? null,
        });
      for (const a of albumCards)
        cards.set(`album:${a.id}`, {
          type: 'album',
          id: a.id,
          name: a.name,
          image: a.image,
          subtitle: a.artists[0]?.name ?? null,
        });
      const results = merged.flatMap((row) => {
        const card = cards.get(`${row.type}:${row.id}`);
        return card ? [card] : [];
      });
      return { query: input.query, results };
    },
  };
}
