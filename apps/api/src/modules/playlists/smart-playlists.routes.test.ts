import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actor, type Headers, insertArtist, insertTrack } from '../catalogue/catalogue.test-helper';

let t: TestApp;
let owner: { id: number; headers: Headers };
let viewer: { id: number; headers: Headers };
let ids: Record<string, number>;

const jazzRules = (extra: object = {}) => ({
  match: 'all',
  rules: [{ field: 'artist', operator: 'is', value: 'Smart Jazz Trio' }],
  sort: { field: 'duration', order: 'desc' },
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  owner = await actor(t, ['playlists.create', 'playlists.view']);
  viewer = await actor(t, ['playlists.create', 'playlists.view']);
  const jazz = await insertArtist(t, 'Smart Jazz Trio');
  const rock = await insertArtist(t, 'Smart Rock Band');
  ids = {
    short: await insertTrack(t, { name: 'Short', artistId: jazz, duration: 60_000 }),
    long: await insertTrack(t, { name: 'Long', artistId: jazz, duration: 300_000 }),
    ownersPrivate: await insertTrack(t, {
      name: 'Demo',
      artistId: jazz,
      duration: 120_000,
      visibility: 'private',
      ownerId: owner.id,
    }),
    viewersPrivate: await insertTrack(t, {
      name: 'Sketch',
      artistId: jazz,
      duration: 90_000,
      visibility: 'private',
      ownerId: viewer.id,
    }),
    rock: await insertTrack(t, { name: 'Loud', artistId: rock }),
  };
}, 180_000);
afterAll(async () => t?.close());

const send = (method: string, url: string, payload?: object, headers = owner.headers) =>
  t.app.inject({ method: method as 'POST', url, headers, ...(payload ? { payload } : {}) });
const trackIdsOf = async (id: number, headers: Headers) =>
  (await send('GET', `/api/v1/playlists/${id}?with=tracks&loadCount=tracks`, undefined, headers)).json()
    .playlist;

describe('smart playlists', () => {
  it('evaluates the rules on open, in their order, with only the viewer’s own private tracks', async () => {
    const created = await send('POST', '/api/v1/playlists', {
      name: 'Jazz, longest first',
      smart_rules: jazzRules(),
    });
    expect(created.statusCode).toBe(201);
    const { id, smart_rules } = created.json().playlist;
    expect(smart_rules).toEqual({ ...jazzRules(), limit: null });

    const mine = await trackIdsOf(id, owner.headers);
    expect(mine.tracks.map((track: { id: number }) => track.id)).toEqual([
      ids.long,
      ids.ownersPrivate,
      ids.short,
    ]);
    expect(mine.counts).toEqual({ tracks: 3 });
    const theirs = await trackIdsOf(id, viewer.headers);
    expect(theirs.tracks.map((track: { id: number }) => track.id)).toEqual([
      ids.long,
      ids.viewersPrivate,
      ids.short,
    ]);

    // Fresh on every open: a new matching track shows without touching the playlist.
    const jazz = await insertArtist(t, 'Smart Jazz Trio');
    const fresh = await insertTrack(t, { name: 'Fresh', artistId: jazz, duration: 400_000 });
    expect((await trackIdsOf(id, viewer.headers)).tracks[0].id).toBe(fresh);

    const limited = await send('PUT', `/api/v1/playlists/${id}`, { smart_rules: jazzRules({ limit: 1 }) });
    expect(limited.statusCode).toBe(200);
    expect((await trackIdsOf(id, owner.headers)).tracks.map((track: { id: number }) => track.id)).toEqual([
      fresh,
    ]);
  });

  it('keeps the track list read-only and private smart playlists private', async () => {
    const { id } = (
      await send('POST', '/api/v1/playlists', { name: 'Mine', public: false, smart_rules: jazzRules() })
    ).json().playlist;
    const added = await send('POST', `/api/v1/playlists/${id}/tracks`, { track_ids: [ids.rock] });
    expect(added.statusCode).toBe(422);
    expect(added.json().errors.track_ids).toMatch(/smart playlist/);
    expect(
      (await send('PUT', `/api/v1/playlists/${id}/tracks/order`, { track_ids: [ids.long] })).statusCode,
    ).toBe(422);
    expect((await send('GET', `/api/v1/playlists/${id}`, undefined, viewer.headers)).statusCode).toBe(404);
  });

  it('counts matching tracks while editing, and answers bad rules with 422 naming each one', async () => {
    const count = await send('POST', '/api/v1/playlists/smart/count', { smart_rules: jazzRules() });
    expect(count.statusCode).toBe(200);
    expect(count.json().count).toBeGreaterThanOrEqual(3);
    const none = await send('POST', '/api/v1/playlists/smart/count', {
      smart_rules: { match: 'all', rules: [{ field: 'title', operator: 'contains', value: "%' or 1=1 --" }] },
    });
    expect(none.json()).toEqual({ count: 0 });

    const bad = await send('POST', '/api/v1/playlists', {
      name: 'Bad',
      smart_rules: {
        match: 'all',
        rules: [
          { field: 'mood', operator: 'is', value: 'happy' },
          { field: 'year', operator: 'is', value: 'last year' },
        ],
      },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      'smart_rules.rules.0.field': [expect.stringContaining('Unknown field "mood"')],
      'smart_rules.rules.1.value': ['year is needs a number.'],
    });
    const many = await send('POST', '/api/v1/playlists/smart/count', {
      smart_rules: {
        match: 'any',
        rules: Array.from({ length: 1000 }, () => ({ field: 'title', operator: 'is', value: 'x' })),
      },
    });
    expect(many.statusCode).toBe(422);
    expect(many.json().errors).toEqual({
      'smart_rules.rules': ['A smart playlist may have at most 50 rules.'],
    });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/playlists/smart/count',
          payload: { smart_rules: jazzRules() },
        })
      ).statusCode,
    ).toBe(401);
  });
});
