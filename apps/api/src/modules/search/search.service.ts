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
import { findRankedIdsByTab, findSuggestionCards } from './search.repository';
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

    /** Artists, tracks and albums merged by rank: a few light rows for the search box, in one statement. */
    async suggestions(input: { query: string; limit: number }): Promise<TSuggestionsResponse> {
      const tsQuery = prefixTsQuery(input.query);
      const term = trigramTerm(input.query);
      if (!tsQuery) return { query: input.query, results: [] };
      const rows = await findSuggestionCards(db, { tsQuery, term, limit: input.limit });
      const results = rows.map(
        (row): TSuggestion => ({
          type: row.type,
          id: Number(row.id),
          name: row.name,
          image: row.image,
          subtitle: row.subtitle,
        }),
      );
      return { query: input.query, results };
    },
  };
}
