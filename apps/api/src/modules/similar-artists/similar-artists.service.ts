import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import {
  artistExists,
  artistIdsAfter,
  overlapsOf,
  replaceSimilar,
  storedSimilar,
} from './similar-artists.repository';
import { rankSimilar } from './similarity-score';

export const SIMILAR_ARTISTS_JOB = 'similar-artists.recompute';
const STORED_PER_ARTIST = 20;
const BATCH = 200;

export type SimilarArtistsService = ReturnType<typeof createSimilarArtistsService>;

export function createSimilarArtistsService(db: Kysely<Database>) {
  async function recomputeOne(artistId: number): Promise<void> {
    const overlaps = await overlapsOf(db, artistId);
    await replaceSimilar(db, artistId, rankSimilar(artistId, overlaps, STORED_PER_ARTIST));
  }

  return {
    recomputeOne,

    /** The job: one artist, or every artist in id order; rerunning gives the same rows. */
    async recompute(payload: { artistId?: number }): Promise<{ artists: number }> {
      if (payload.artistId) {
        await recomputeOne(payload.artistId);
        return { artists: 1 };
      }
      let after = 0;
      let artists = 0;
      for (;;) {
        const ids = await artistIdsAfter(db, after, BATCH);
        if (ids.length === 0) return { artists };
        for (const id of ids) await recomputeOne(id);
        artists += ids.length;
        after = ids.at(-1) ?? after;
      }
    },

    async list(artistId: number, limit: number) {
      if (!(await artistExists(db, artistId))) throw new AppError('not_found');
      return { artists: await storedSimilar(db, artistId, limit) };
    },
  };
}
