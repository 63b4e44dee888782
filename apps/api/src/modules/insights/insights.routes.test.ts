import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actor, insertAlbum, insertArtist, insertTrack } from '../catalogue/catalogue.test-helper';

let t: TestApp;
let owner: Awaited<ReturnType<typeof actor>>;
let albumId = 0;
let trackIds: number[] = [];

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile Safari/604.1';
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

beforeAll(async () => {
  t = await createTestApp();
  owner = await actor(t, ['music.view', 'music.play']);
  const artistId = await insertArtist(t, 'Insightful', owner.id);
  albumId = await insertAlbum(t, 'Charted', artistId, owner.id);
  trackIds = [
    await insertTrack(t, { name: 'One', artistId, albumId, ownerId: owner.id, duration: 10_000 }),
    await insertTrack(t, { name: 'Two', artistId, albumId, ownerId: owner.id, duration: 10_000 }),
  ];
  // Three listeners: two plays from a phone via the album page, one from a desktop via search.
  const listeners = await Promise.all([1, 2, 3].map(() => actor(t, ['music.view', 'music.play'])));
  const plays: [number, string, string, string][] = [
    [0, PHONE, 'album', 'DE'],
    [1, PHONE, 'album', 'DE'],
    [2, DESKTOP, 'search', 'FR'],
  ];
  for (const [index, agent, source, country] of plays) {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tracks/${trackIds[index === 2 ? 1 : 0]}/plays`,
      headers: { ...listeners[index]?.headers, 'user-agent': agent, 'cf-ipcountry': country },
      payload: { duration_played_ms: 9_000, source },
    });
    expect(response.json().recorded).toBe(true);
  }
}, 60_000);
afterAll(async () => t?.close());

describe('GET /api/v1/insights/:subject/:id', () => {
  it('answers plays, listeners, devices, sources, countries and top tracks of an album from the roll-ups', async () => {
    const response = await t.app.inject({
      url: `/api/v1/insights/albums/${albumId}?range=7d`,
      headers: owner.headers,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.totals).toMatchObject({ plays: 3, previous_plays: 0, listeners: 3 });
    expect(body.plays).toHaveLength(7);
    expect(body.plays.at(-1).value).toBe(3);
    expect(body.devices).toEqual([
      { value: 'mobile', plays: 2, previous: 0 },
      { value: 'desktop', plays: 1, previous: 0 },
    ]);
    expect(body.sources.map((row: { value: string }) => row.value)).toEqual(['album', 'search']);
    expect(body.countries.map((row: { value: string }) => row.value)).toEqual(['DE', 'FR']);
    expect(body.top_tracks[0]).toMatchObject({ id: trackIds[0], plays: 2 });
    const artist = await t.app.inject({
      url: `/api/v1/insights/tracks/${trackIds[1]}?range=12m`,
      headers: owner.headers,
    });
    expect(artist.json().totals.plays).toBe(1);
  });

  it('hides other artists insights (404), needs a session (401) and lets catalogue editors in', async () => {
    const stranger = await actor(t, ['music.view']);
    expect(
      (await t.app.inject({ url: `/api/v1/insights/albums/${albumId}`, headers: stranger.headers }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: `/api/v1/insights/albums/${albumId}` })).statusCode).toBe(401);
    const editor = await actor(t, ['music.update']);
    expect(
      (await t.app.inject({ url: `/api/v1/insights/albums/${albumId}`, headers: editor.headers })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/v1/insights/albums/999999', headers: editor.headers })).statusCode,
    ).toBe(404);
  });

  it('refuses reversed, over five years and malformed ranges with 422', async () => {
    const url = (query: string) => `/api/v1/insights/albums/${albumId}?${query}`;
    const cases: [string, string][] = [
      ['range=custom&from=2025-02-01&to=2025-01-01', 'to'],
      ['range=custom&from=2019-01-01&to=2025-01-01', 'from'],
      ['range=custom&from=2025-13-45&to=2025-01-01', 'from'],
      ['range=custom&from=2025-01-01', 'to'],
      ['range=forever', 'range'],
    ];
    for (const [query, field] of cases) {
      const response = await t.app.inject({ url: url(query), headers: owner.headers });
      expect(response.statusCode, query).toBe(422);
      expect(Object.keys(response.json().errors), query).toContain(field);
    }
    const ok = await t.app.inject({
      url: url('range=custom&from=2021-01-01&to=2025-12-31'),
      headers: owner.headers,
    });
    expect(ok.statusCode).toBe(200);
  });
});
