import type { Timestamp } from '../../platform/db/schema';

export interface SimilarArtistsTable {
  artist_id: number;
  similar_id: number;
  score: number;
  computed_at: Timestamp;
}
