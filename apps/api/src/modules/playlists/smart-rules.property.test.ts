import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestUser, type TestApp } from '../../test/test-app';
import { countSmartTracks, smartTrackRows } from './smart-playlist.repository';
import {
  dayArb,
  EXACT_SORTS,
  type MemoryTrack,
  memoryEvaluate,
  rulesArb,
  textArb,
} from './smart-rules.test-helper';

let t: TestApp;
let ownerId: number;
let otherId: number;
let catalogue: MemoryTrack[];
const NOW = new Date(Date.UTC(2026, 6, 1, 12));

const pick = <T>(items: T[]) => fc.subarray(items, { maxLength: 2 });
const catalogueArb = (names: { artists: string[]; genres: string[]; tags: string[]; albums: string[] }) =>
  fc.array(
    fc.record({
      title: textArb,
      album: fc.option(fc.nat(names.albums.length - 1), { nil: null }),
      artists: fc.subarray(names.artists, { minLength: 1, maxLength: 2 }),
      genres: pick(names.genres),
      tags: pick(names.tags),
      releasedYear: fc.option(fc.integer({ min: 2018, max: 2026 }), { nil: null }),
      durationMs: fc.option(fc.integer({ min: 0, max: 400_000 }), { nil: null }),
      createdAt: dayArb.chain((day) => fc.nat(86_399_999).map((ms) => new Date(day.getTime() + ms))),
      plays: fc.array(dayArb, { maxLength: 3 }),
      isLiked: fc.boolean(),
      visibility: fc.constantFrom('public', 'unlisted', 'private' as const),
      owner: fc.constantFrom('owner', 'other', null),
    }),
    { minLength: 60, maxLength: 60 },
  );

type CatalogueRow = {
  title: string;
  album: number | null;
  artists: string[];
  genres: string[];
  tags: string[];
  releasedYear: number | null;
  durationMs: number | null;
  createdAt: Date;
  plays: Date[];
  isLiked: boolean;
  visibility: 'public' | 'unlisted' | 'private';
  owner: 'owner' | 'other' | null;
};

/** One random catalogue (seeded, so a failure replays), written once; the rules vary per run. */
async function insertCatalogue(): Promise<MemoryTrack[]> {
  const db = t.deps.db;
  const [names] = fc.sample(
    fc.record({
      artists: fc.array(textArb, { minLength: 4, maxLength: 4 }),
      genres: fc.array(textArb, { minLength: 3, maxLength: 3 }),
      tags: fc.array(textArb, { minLength: 3, maxLength: 3 }),
      albums: fc.array(textArb, { minLength: 3, maxLength: 3 }),
      albumYears: fc.array(fc.option(fc.integer({ min: 2018, max: 2026 }), { nil: null }), {
        minLength: 3,
        maxLength: 3,
      }),
    }),
    { seed: 37, numRuns: 1 },
  ) as [
    {
      artists: string[];
      genres: string[];
      tags: string[];
      albums: string[];
      albumYears: Array<number | null>;
    },
  ];
  const [rows] = fc.sample(catalogueArb(names), { seed: 3737, numRuns: 1 }) as [CatalogueRow[]];
  const ids = async (table: 'artists' | 'genres' | 'tags' | 'albums', values: object[]) =>
    (
      await db
        .insertInto(table)
        .values(values as never)
        .returning('id')
        .execute()
    ).map((row) => Number(row.id));
  const artistIds = await ids(
    'artists',
    names.artists.map((name, i) => ({ name, slug: `a${i}` })),
  );
  const genreIds = await ids(
    'genres',
    names.genres.map((name, i) => ({ name: `g${i}`, display_name: name })),
  );
  const tagIds = await ids(
    'tags',
    names.tags.map((name, i) => ({ name: `t${i}`, display_name: name })),
  );
  const albumIds = await ids(
    'albums',
    names.albums.map((name, i) => ({
      name,
      slug: `al${i}`,
      release_date: names.albumYears[i] ? `${names.albumYears[i]}-06-15` : null,
    })),
  );
  const tracks: MemoryTrack[] = [];
  for (const row of rows) {
    const trackOwner = row.owner === 'owner' ? ownerId : row.owner === 'other' ? otherId : null;
    const { id } = await db
      .insertInto('tracks')
      .values({
        name: row.title,
        slug: 'x',
        album_id: row.album === null ? null : (albumIds[row.album] as number),
        duration: row.durationMs,
        released_at: row.releasedYear ? new Date(Date.UTC(row.releasedYear, 5, 15, 12)) : null,
        created_at: row.createdAt,
        visibility: row.visibility,
        owner_id: trackOwner,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const trackId = Number(id);
    const index = (list: string[], name: string) => list.indexOf(name);
    await db
      .insertInto('artist_track')
      .values(
        row.artists.map((name, position) => ({
          artist_id: artistIds[index(names.artists, name)] as number,
          track_id: trackId,
          position,
          primary: position === 0,
        })),
      )
      .execute();
    for (const name of row.genres)
      await db
        .insertInto('genreables')
        .values({
          genre_id: genreIds[index(names.genres, name)] as number,
          genreable_type: 'track',
          genreable_id: trackId,
        })
        .execute();
    for (const name of row.tags)
      await db
        .insertInto('taggables')
        .values({
          tag_id: tagIds[index(names.tags, name)] as number,
          taggable_type: 'track',
          taggable_id: trackId,
          user_id: null,
        })
        .execute();
    // The owner's plays count; the other user's play and like of every track are noise the rules must ignore.
    const plays = [
      ...row.plays.map((played_at) => ({
        track_id: trackId,
        user_id: ownerId,
        played_at,
        duration_played_ms: 40_000,
      })),
      { track_id: trackId, user_id: otherId, played_at: NOW, duration_played_ms: 40_000 },
    ];
    await db.insertInto('plays').values(plays).execute();
    const likes = [{ user_id: otherId, likeable_type: 'track' as const, likeable_id: trackId }];
    if (row.isLiked) likes.push({ user_id: ownerId, likeable_type: 'track', likeable_id: trackId });
    await db.insertInto('likes').values(likes).execute();
    const albumYear = row.album === null ? null : (names.albumYears[row.album] ?? null);
    tracks.push({
      id: trackId,
      title: row.title,
      album: row.album === null ? null : (names.albums[row.album] as string),
      artists: row.artists,
      genres: row.genres,
      tags: row.tags,
      year: row.releasedYear ?? albumYear,
      durationMs: row.durationMs,
      createdAt: row.createdAt,
      playCount: row.plays.length,
      lastPlayed: row.plays.length ? new Date(Math.max(...row.plays.map((d) => d.getTime()))) : null,
      isLiked: row.isLiked,
      isPrivate: row.visibility === 'private',
      ownerId: trackOwner,
    });
  }
  return tracks;
}

beforeAll(async () => {
  t = await createTestApp({ isSeeded: false });
  ownerId = await createTestUser(t.deps);
  otherId = await createTestUser(t.deps);
  catalogue = await insertCatalogue();
}, 120_000);
afterAll(async () => t?.close());

describe('smart playlist rules compiled to SQL', () => {
  it('give the tracks an in-memory filter of the same rules gives, for the owner and another viewer', async () => {
    const scope = { ownerId, now: NOW };
    await fc.assert(
      fc.asyncProperty(rulesArb, fc.constantFrom('owner', 'other'), async (rules, who) => {
        const viewerId = who === 'owner' ? ownerId : otherId;
        const expected = memoryEvaluate(catalogue, { ...rules, limit: null }, viewerId, NOW);
        const rows = await smartTrackRows(t.deps.db, rules, { ...scope, viewerId }, 1000);
        const actual = rows.map((row) => Number(row.id));
        const count = await countSmartTracks(t.deps.db, rules, { ...scope, viewerId });
        const size = Math.min(expected.length, rules.limit ?? Number.POSITIVE_INFINITY);
        expect(count).toBe(size);
        if (EXACT_SORTS.has(rules.sort.field)) expect(actual).toEqual(expected.slice(0, size));
        else {
          expect(actual).toHaveLength(size);
          expect(expected).toEqual(expect.arrayContaining(actual));
        }
      }),
      { numRuns: 250, seed: 4242 },
    );
  }, 120_000);

  it('matches some tracks and misses others (the catalogue exercises the rules)', () => {
    const everything = memoryEvaluate(
      catalogue,
      {
        match: 'all',
        rules: [{ field: 'liked', operator: 'is', value: true }],
        sort: { field: 'year', order: 'asc' },
        limit: null,
      },
      ownerId,
      NOW,
    );
    expect(everything.length).toBeGreaterThan(5);
    expect(everything.length).toBeLessThan(catalogue.length - 5);
    expect(catalogue.some((track) => track.isPrivate && track.ownerId === otherId)).toBe(true);
  });
});
