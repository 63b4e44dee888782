import { RADIO_NO_REPEAT_WINDOW } from '@cadence/contracts/radio';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  pickRadioTracks,
  type RadioCandidate,
  radioWeight,
  seededRandom,
  spreadArtists,
} from './radio-queue';

const candidateArb = fc.record({
  trackId: fc.integer({ min: 1, max: 400 }),
  artistId: fc.option(fc.integer({ min: 1, max: 12 }), { nil: null }),
  relevance: fc.double({ min: 0.01, max: 1, noNaN: true }),
  plays: fc.nat(1_000_000),
  likes: fc.nat(10_000),
});

describe('radio queue', () => {
  it('never repeats, never picks an excluded track, and fills what it can', () => {
    fc.assert(
      fc.property(
        fc.array(candidateArb, { maxLength: 300 }),
        fc.array(fc.integer({ min: 1, max: 400 }), { maxLength: 60 }),
        fc.integer({ min: 0, max: 80 }),
        fc.integer(),
        (candidates, exclude, size, seed) => {
          const picked = pickRadioTracks(candidates, { size, exclude, random: seededRandom(seed) });
          const ids = picked.map((track) => track.trackId);
          const eligible = new Set(candidates.map((c) => c.trackId).filter((id) => !exclude.includes(id)));
          expect(new Set(ids).size).toBe(ids.length);
          expect(ids.every((id) => eligible.has(id))).toBe(true);
          expect(ids.length).toBe(Math.min(size, eligible.size));
        },
      ),
    );
  });

  it('refilled with the last 49 ids, no window of 50 consecutive tracks repeats', () => {
    fc.assert(
      fc.property(
        fc.array(candidateArb, { minLength: 60, maxLength: 200 }),
        fc.integer(),
        (candidates, seed) => {
          const random = seededRandom(seed);
          const played: number[] = [];
          for (let refill = 0; refill < 8; refill++) {
            const recent = played.slice(-(RADIO_NO_REPEAT_WINDOW - 1));
            const next = pickRadioTracks(candidates, { size: 7, exclude: recent, random });
            played.push(...next.map((track) => track.trackId));
          }
          for (let start = 0; start + RADIO_NO_REPEAT_WINDOW <= played.length; start++) {
            const window = played.slice(start, start + RADIO_NO_REPEAT_WINDOW);
            expect(new Set(window).size).toBe(window.length);
          }
        },
      ),
    );
  });

  it('avoids the same artist twice in a row when another is available', () => {
    fc.assert(
      fc.property(fc.array(candidateArb, { maxLength: 40 }), (tracks) => {
        const spread = spreadArtists(tracks);
        expect(spread.map((t) => t.trackId).sort()).toEqual(tracks.map((t) => t.trackId).sort());
        for (let i = 1; i < spread.length; i++) {
          const [previous, current] = [spread[i - 1] as RadioCandidate, spread[i] as RadioCandidate];
          if (current.artistId === null || current.artistId !== previous.artistId) continue;
          // A repeat is only allowed when every later track has that same artist.
          expect(spread.slice(i).every((t) => t.artistId === current.artistId)).toBe(true);
        }
      }),
    );
  });

  it('weighs plays and likes up, and zero relevance out', () => {
    fc.assert(
      fc.property(candidateArb, fc.nat(1000), fc.nat(1000), (candidate, morePlays, moreLikes) => {
        const base = radioWeight(candidate);
        expect(radioWeight({ ...candidate, plays: candidate.plays + morePlays })).toBeGreaterThanOrEqual(
          base,
        );
        expect(radioWeight({ ...candidate, likes: candidate.likes + moreLikes })).toBeGreaterThanOrEqual(
          base,
        );
        expect(radioWeight({ ...candidate, relevance: 0 })).toBe(0);
      }),
    );
  });

  it('prefers heavier tracks over many draws', () => {
    const heavy: RadioCandidate = { trackId: 1, artistId: 1, relevance: 1, plays: 100_000, likes: 500 };
    const light: RadioCandidate = { trackId: 2, artistId: 2, relevance: 0.1, plays: 0, likes: 0 };
    const random = seededRandom(7);
    let heavyFirst = 0;
    for (let draw = 0; draw < 500; draw++) {
      const [first] = pickRadioTracks([light, heavy], { size: 1, exclude: [], random });
      if (first?.trackId === 1) heavyFirst++;
    }
    expect(heavyFirst).toBeGreaterThan(450);
  });
});
