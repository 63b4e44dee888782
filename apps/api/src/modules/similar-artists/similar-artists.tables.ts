import type { Timestamp } from '../../platform/db/column-types';

export interface SimilarArtistsTable {
  artist_id: number;
  similar_id: number;
  score: number;
  computed_at: Timestamp;
}

declare module '../../platform/db/schema' {
  interface Database {
    similar_artists: SimilarArtistsTable;
  }
}
