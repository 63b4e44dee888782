import type { TImportEntry } from '@cadence/contracts/playlist-import';

/** A catalogue track the matcher may pick for an entry. */
export type Candidate = {
  id: number;
  name: string;
  artists: string[];
  album: string | null;
  duration_ms: number | null;
};

/** Below this the entry is reported as not found rather than matched to a look-alike. */
export const MATCH_THRESHOLD = 0.7;
/** Durations further apart than this (and 5 %) are two different recordings. */
const DURATION_SLACK_MS = 10_000;

/**
 * Accent-, case- and punctuation-free text, without the bracketed or dashed extras that differ
 * between services ("(Remastered 2011)", "- Live", "[Explicit]").
 */
export function normalize(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s[-–]\s.*(remaster|live|version|edit|mix|mono|stereo|explicit).*$/u, '')
    .replace(/[([][^)\]]*[)\]]/g, ' ')
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function trigrams(value: string): Set<string> {
  const grams = new Set<string>();
  for (const word of value.split(' ')) {
    if (!word) continue;
    const padded = `  ${word} `;
    for (let index = 0; index + 3 <= padded.length; index += 1) grams.add(padded.slice(index, index + 3));
  }
  return grams;
}

/** pg_trgm's similarity (shared trigrams over all trigrams) of the normalized texts, 0-1. */
export function similarity(a: string, b: string): number {
  const left = trigrams(normalize(a));
  const right = trigrams(normalize(b));
  if (left.size === 0 || right.size === 0) return normalize(a) === normalize(b) ? 1 : 0;
  let shared = 0;
  for (const gram of left) if (right.has(gram)) shared += 1;
  return shared / (left.size + right.size - shared);
}

/** How alike an entry and a track are, 0-1: title first, then artist, album and duration. */
export function matchScore(entry: TImportEntry, candidate: Candidate): number {
  const title = similarity(entry.title, candidate.name);
  const parts: [number, number][] = [[title, 0.6]];
  if (entry.artist) {
    // "A, B", "A feat. B" or one of several credited artists: the best reading counts.
    const artist = Math.max(
      similarity(entry.artist, candidate.artists.join(' ')),
      ...candidate.artists.map((name) => similarity(entry.artist ?? '', name)),
      0,
    );
    parts.push([artist, 0.3]);
  }
  if (entry.album && candidate.album) parts.push([similarity(entry.album, candidate.album), 0.1]);
  const weight = parts.reduce((sum, [, w]) => sum + w, 0);
  let score = parts.reduce((sum, [value, w]) => sum + value * w, 0) / weight;
  if (entry.duration_ms && candidate.duration_ms) {
    const gap = Math.abs(entry.duration_ms - candidate.duration_ms);
    if (gap > DURATION_SLACK_MS && gap > candidate.duration_ms * 0.05) score *= 0.8;
  }
  // A title that is not alike is another song, however alike the artist.
  return title < 0.5 ? Math.min(score, title) : score;
}

/** The best candidate at or above the threshold, or null. */
export function bestMatch(
  entry: TImportEntry,
  candidates: Candidate[],
): { track: Candidate; score: number } | null {
  let best: { track: Candidate; score: number } | null = null;
  for (const candidate of candidates) {
    const score = matchScore(entry, candidate);
    if (score >= MATCH_THRESHOLD && (!best || score > best.score)) best = { track: candidate, score };
  }
  return best;
}
