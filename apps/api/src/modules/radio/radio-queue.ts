export type RadioCandidate = {
  trackId: number;
  artistId: number | null;
  /** How well the track fits the seed (seed artist 1, similar artist by score, same genre less). */
  relevance: number;
  plays: number;
  likes: number;
};

/** Popularity lifts a track without drowning the long tail: logarithmic in plays and likes. */
export function radioWeight(candidate: Pick<RadioCandidate, 'relevance' | 'plays' | 'likes'>): number {
  const relevance = Math.max(0, candidate.relevance);
  return (
    relevance * (1 + Math.log1p(Math.max(0, candidate.plays)) + 2 * Math.log1p(Math.max(0, candidate.likes)))
  );
}

export type PickOptions = {
  size: number;
  /** Track ids already queued; none of them is picked again. */
  exclude: Iterable<number>;
  random: () => number;
};

/**
 * Weighted sampling without replacement (Efraimidis-Spirakis keys u^(1/w)), then spread so the
 * same artist does not play twice in a row when another artist is available.
 */
export function pickRadioTracks(candidates: RadioCandidate[], options: PickOptions): RadioCandidate[] {
  const excluded = new Set(options.exclude);
  const best = new Map<number, RadioCandidate>();
  for (const candidate of candidates) {
    if (excluded.has(candidate.trackId)) continue;
    const known = best.get(candidate.trackId);
    if (!known || candidate.relevance > known.relevance) best.set(candidate.trackId, candidate);
  }
  const keyed = [...best.values()]
    .map((candidate) => {
      const weight = radioWeight(candidate);
      const u = Math.min(Math.max(options.random(), Number.EPSILON), 1);
      return { candidate, key: weight > 0 ? Math.log(u) / weight : Number.NEGATIVE_INFINITY };
    })
    .sort((a, b) => b.key - a.key || a.candidate.trackId - b.candidate.trackId);
  return spreadArtists(keyed.slice(0, Math.max(0, options.size)).map((entry) => entry.candidate));
}

/** Greedy: take the next track whose artist differs from the previous one, else the next track. */
export function spreadArtists(tracks: RadioCandidate[]): RadioCandidate[] {
  const pending = [...tracks];
  const result: RadioCandidate[] = [];
  while (pending.length > 0) {
    const previous = result.at(-1)?.artistId ?? null;
    const index = pending.findIndex((track) => previous === null || track.artistId !== previous);
    result.push(...pending.splice(index === -1 ? 0 : index, 1));
  }
  return result;
}

/** A small seeded generator so a test (or a replayed request) gets the same queue. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0 || 0x9e3779b9;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x100000000;
  };
}
