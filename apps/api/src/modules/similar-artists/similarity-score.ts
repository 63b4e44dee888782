/** Overlap counts of two artists: shared items and each side's total. */
export type ArtistOverlap = {
  genres: { shared: number; a: number; b: number };
  tags: { shared: number; a: number; b: number };
  /** Users who liked or played both artists. */
  listeners: { shared: number; a: number; b: number };
};

export const SIMILARITY_WEIGHTS = { genres: 0.35, tags: 0.2, listeners: 0.45 } as const;

export function jaccard({ shared, a, b }: { shared: number; a: number; b: number }): number {
  const union = a + b - shared;
  if (shared <= 0 || union <= 0) return 0;
  return Math.min(1, shared / union);
}

/** 0..1, symmetric; co-listening weighs most because it reflects taste, not labelling. */
export function similarityScore(overlap: ArtistOverlap): number {
  const score =
    SIMILARITY_WEIGHTS.genres * jaccard(overlap.genres) +
    SIMILARITY_WEIGHTS.tags * jaccard(overlap.tags) +
    SIMILARITY_WEIGHTS.listeners * jaccard(overlap.listeners);
  return Math.round(score * 10_000) / 10_000;
}

export type ScoredArtist = { artistId: number; score: number };

/** Best first, ties by id so recomputing gives the same order; nothing unrelated or self. */
export function rankSimilar(
  artistId: number,
  candidates: { artistId: number; overlap: ArtistOverlap }[],
  limit: number,
): ScoredArtist[] {
  return candidates
    .filter((candidate) => candidate.artistId !== artistId)
    .map((candidate) => ({ artistId: candidate.artistId, score: similarityScore(candidate.overlap) }))
    .filter((candidate) => candidate.score > 0)
    .sort((x, y) => y.score - x.score || x.artistId - y.artistId)
    .slice(0, Math.max(0, limit));
}
