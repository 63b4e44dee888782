import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ArtistOverlap, jaccard, rankSimilar, similarityScore } from './similarity-score';

const countsArb = fc
  .record({ shared: fc.nat(50), onlyA: fc.nat(50), onlyB: fc.nat(50) })
  .map(({ shared, onlyA, onlyB }) => ({ shared, a: shared + onlyA, b: shared + onlyB }));
const overlapArb: fc.Arbitrary<ArtistOverlap> = fc.record({
  genres: countsArb,
  tags: countsArb,
  listeners: countsArb,
});
const swap = (o: ArtistOverlap): ArtistOverlap => ({
  genres: { ...o.genres, a: o.genres.b, b: o.genres.a },
  tags: { ...o.tags, a: o.tags.b, b: o.tags.a },
  listeners: { ...o.listeners, a: o.listeners.b, b: o.listeners.a },
});

describe('similarity score', () => {
  it('is symmetric and between 0 and 1', () => {
    fc.assert(
      fc.property(overlapArb, (overlap) => {
        const score = similarityScore(overlap);
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(1);
        expect(similarityScore(swap(overlap))).toBe(score);
      }),
    );
  });

  it('is zero with nothing shared and grows with what is shared', () => {
    fc.assert(
      fc.property(overlapArb, (overlap) => {
        const none = {
          genres: { ...overlap.genres, shared: 0 },
          tags: { ...overlap.tags, shared: 0 },
          listeners: { ...overlap.listeners, shared: 0 },
        };
        expect(similarityScore(none)).toBe(0);
        const more = {
          ...overlap,
          listeners: {
            shared: overlap.listeners.shared + 1,
            a: overlap.listeners.a + 1,
            b: overlap.listeners.b + 1,
          },
        };
        expect(jaccard(more.listeners)).toBeGreaterThanOrEqual(jaccard(overlap.listeners));
      }),
    );
  });

  it('ranks best first, drops self and unrelated artists, respects the limit', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ artistId: fc.integer({ min: 1, max: 50 }), overlap: overlapArb }), {
          maxLength: 40,
        }),
        fc.nat(30),
        (candidates, limit) => {
          const ranked = rankSimilar(7, candidates, limit);
          expect(ranked.length).toBeLessThanOrEqual(limit);
          expect(ranked.every((entry) => entry.artistId !== 7 && entry.score > 0)).toBe(true);
          for (let i = 1; i < ranked.length; i++)
            expect(ranked[i - 1]?.score ?? 0).toBeGreaterThanOrEqual(ranked[i]?.score ?? 0);
        },
      ),
    );
  });
});
