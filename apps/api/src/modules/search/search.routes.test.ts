import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestUser, type TestApp } from '../../test/test-app';
import { catalogueFixture } from './catalogue.fixture';
import { TRIGRAM_THRESHOLD_SETTING, WORD_SIMILARITY_THRESHOLD } from './search-sql';

let t: TestApp;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const f = catalogueFixture(t.deps.db);
  const rock = await f.genre('rock', 10);
  await f.genre('jazz', 5);
  ids.beatles = await f.artist('Beatles', { plays: 10 });
  ids.theBeatles = await f.artist('The Beatles Revival Band', { plays: 5_000 });
  ids.zebra = await f.artist('Zebra Katz', { plays: 1_000_000 });
  ids.cafe = await f.artist('Café Tacvba');
  ids.album = await f.album('Abbey Road', ids.beatles, { genres: [rock] });
  ids.yesterday = await f.track('Yesterday', ids.beatles, { albumId: ids.album, plays: 50 });
  ids.yellow = await f.track('Yellow Submarine', ids.beatles, { albumId: ids.album, plays: 20 });
  ids.secret = await f.track('Yesterday Once More (secret)', ids.beatles, { visibility: 'private' });
  const owner = await createTestUser(t.deps, { email: 'dj@example.com' });
  ids.playlist = await f.playlist('Yesterday and today', owner, [ids.yesterday]);
  await f.tag('beat-driven');
  // More well-played prefix matches than the popular tier keeps (50), one obscure exact name, one obscure match.
  for (let i = 1; i <= 55; i++) await f.artist(`Lumen ${i}`, { plays: 1_000 + i });
  ids.lumen = await f.artist('Lumen');
  ids.quiet = await f.artist('Lumen Quietude', { plays: 3 });
});
afterAll(async () => t?.close());

const search = (query: string, extra = '') =>
  t.app.inject({ url: `/api/v1/search?query=${encodeURIComponent(query)}${extra}` });

describe('GET /api/v1/search', () => {
  it('ranks the exact name above a longer match, and leaves unrelated names out', async () => {
    const response = await search('beatles', '&types=artists');
    expect(response.statusCode).toBe(200);
    const names = response.json().results.artists.map((a: { name: string }) => a.name);
    expect(names).toEqual(['Beatles', 'The Beatles Revival Band']);
    expect(Object.keys(response.json().results)).toEqual(['artists']);
  });

  it('finds names despite a typo, after the exact matches of the same query', async () => {
    const typo = await search('beatls', '&types=artists');
    const names = typo.json().results.artists.map((a: { name: string }) => a.name);
    expect(names).toContain('Beatles');
    expect(names).not.toContain('Zebra Katz');
  });

  it('matches prefixes of every word, ignoring accents', async () => {
    const prefix = await search('yell sub', '&types=tracks');
    expect(prefix.json().results.tracks.map((r: { id: number }) => r.id)).toEqual([ids.yellow]);
    const accent = await search('cafe tac', '&types=artists');
    expect(accent.json().results.artists[0].name).toBe('Café Tacvba');
  });

  it('returns every tab with cards, without private tracks', async () => {
    const all = await search('yesterday');
    const { results } = all.json();
    expect(Object.keys(results).sort()).toEqual([
      'albums',
      'artists',
      'genres',
      'playlists',
      'tags',
      'tracks',
      'users',
    ]);
    expect(results.tracks.map((r: { id: number }) => r.id)).toEqual([ids.yesterday]);
    expect(results.tracks[0]).toMatchObject({
      album: { id: ids.album, name: 'Abbey Road' },
      artists: [{ id: ids.beatles, name: 'Beatles' }],
    });
    expect(results.playlists[0]).toMatchObject({ id: ids.playlist, owner: { name: 'Test User' } });
    const genres = await search('roc', '&types=genres');
    expect(genres.json().results.genres.map((g: { name: string }) => g.name)).toEqual(['rock']);
  });

  it('honours perPage and answers 422 for bad input', async () => {
    const one = await search('beat', '&types=artists&perPage=1');
    expect(one.json().results.artists).toHaveLength(1);
    expect((await search('', '')).statusCode).toBe(422);
    expect((await search('x', '&types=songs')).statusCode).toBe(422);
    expect((await search('x', '&perPage=0')).statusCode).toBe(422);
    expect((await search('x'.repeat(300))).statusCode).toBe(422);
  });

  it('runs on the default typo threshold, which the search statements no longer set', async () => {
    // The setting exists in a session once pg_trgm's library is loaded there: on one connection,
    // use it first (a pooled connection that never ran a trigram search would not know the name).
    const threshold = await t.deps.db.connection().execute(async (db) => {
      await sql`select word_similarity('a', 'a')`.execute(db);
      const { rows } = await sql<{
        threshold: string;
      }>`select current_setting(${TRIGRAM_THRESHOLD_SETTING}) as threshold`.execute(db);
      return rows[0]?.threshold;
    });
    expect(Number(threshold)).toBe(WORD_SIMILARITY_THRESHOLD);
  });

  it('treats tsquery syntax as plain text', async () => {
    for (const query of ["'&|!:*()", 'a & !b', '\\', '%_']) {
      const response = await search(query);
      expect(response.statusCode).toBe(200);
    }
  });
});

describe('GET /api/v1/search/suggestions', () => {
  it('merges artists, tracks and albums by rank with few fields', async () => {
    const response = await t.app.inject({ url: '/api/v1/search/suggestions?query=yest' });
    expect(response.statusCode).toBe(200);
    const [first] = response.json().results;
    expect(first).toEqual({
      type: 'track',
      id: ids.yesterday,
      name: 'Yesterday',
      image: null,
      subtitle: 'Beatles',
    });
    const abbey = await t.app.inject({ url: '/api/v1/search/suggestions?query=abbey&limit=3' });
    expect(abbey.json().results.map((r: { type: string }) => r.type)).toEqual(['album']);
    expect((await t.app.inject({ url: '/api/v1/search/suggestions' })).statusCode).toBe(422);
  });

  it('ranks an unplayed exact name first and the most played matches next, however many match', async () => {
    const response = await t.app.inject({ url: '/api/v1/search/suggestions?query=lumen&limit=4' });
    expect(response.json().results.map((r: { name: string }) => r.name)).toEqual([
      'Lumen',
      'Lumen 55',
      'Lumen 54',
      'Lumen 53',
    ]);
  });

  it('gives each card its name, image and first credited artist, and drops disabled artists and private tracks', async () => {
    const db = t.deps.db;
    const f = catalogueFixture(db);
    const hidden = await f.artist('Zephyrine Hollow', { plays: 90 });
    await db.updateTable('artists').set({ disabled: true }).where('id', '=', hidden).execute();
    const lake = await f.artist('Zephyrine Lake', { plays: 80 });
    await db.updateTable('artists').set({ image_small: 'lake.jpg' }).where('id', '=', lake).execute();
    const nights = await f.album('Zephyrine Nights', lake, { plays: 70 });
    await db.updateTable('albums').set({ image: 'nights.jpg' }).where('id', '=', nights).execute();
    await db
      .insertInto('album_artist')
      .values({ album_id: nights, artist_id: hidden, position: 1 })
      .execute();
    const song = await f.track('Zephyrine Song', lake, { albumId: nights, plays: 60 });
    await f.track('Zephyrine Secret', lake, { visibility: 'private', plays: 100 });
    const response = await t.app.inject({ url: '/api/v1/search/suggestions?query=zephyrine&limit=10' });
    const results = response.json().results as { type: string; id: number }[];
    const byKey = (r: { type: string; id: number }) => `${r.type}:${r.id}`;
    expect([...results].sort((a, b) => byKey(a).localeCompare(byKey(b)))).toEqual([
      {
        type: 'album',
        id: nights,
        name: 'Zephyrine Nights',
        image: 'nights.jpg',
        subtitle: 'Zephyrine Lake',
      },
      { type: 'artist', id: lake, name: 'Zephyrine Lake', image: 'lake.jpg', subtitle: null },
      { type: 'track', id: song, name: 'Zephyrine Song', image: 'nights.jpg', subtitle: 'Zephyrine Lake' },
    ]);
  });

  it('still finds rarely played matches when few rows match', async () => {
    const response = await t.app.inject({ url: '/api/v1/search/suggestions?query=quietu' });
    expect(response.json().results.map((r: { id: number }) => r.id)).toEqual([ids.quiet]);
    const typo = await t.app.inject({ url: '/api/v1/search/suggestions?query=quietde' });
    expect(typo.json().results.map((r: { id: number }) => r.id)).toContain(ids.quiet);
  });
});
