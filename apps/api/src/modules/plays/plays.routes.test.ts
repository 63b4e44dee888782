import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  actor,
  type Headers,
  insertAlbum,
  insertArtist,
  insertTrack,
} from '../catalogue/catalogue.test-helper';

let t: TestApp;
let listener: { id: number; headers: Headers };
let artistId: number;
let albumId: number;

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';

beforeAll(async () => {
  t = await createTestApp();
  listener = await actor(t, ['music.play', 'music.view', 'users.view']);
  artistId = await insertArtist(t, 'Play Artist');
  albumId = await insertAlbum(t, 'Play Album', artistId);
});
afterAll(async () => t?.close());

const play = (
  trackId: number,
  ms: number,
  headers: Headers = listener.headers,
  extra: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/tracks/${trackId}/plays`,
    headers: { ...headers, 'user-agent': CHROME_ANDROID, ...extra },
    payload: { duration_played_ms: ms },
  });

describe('plays', () => {
  it('counts after 30 s on long tracks, with client details and roll-ups', async () => {
    const trackId = await insertTrack(t, { name: 'Long', artistId, albumId, duration: 240_000 });
    const early = await play(trackId, 29_999);
    expect(early.json()).toEqual({ recorded: false, plays: 0, threshold_ms: 30_000 });
    const counted = await play(trackId, 30_000, listener.headers, { 'cf-ipcountry': 'pt' });
    expect(counted.json()).toEqual({ recorded: true, plays: 1, threshold_ms: 30_000 });
    const second = await actor(t, ['music.play', 'music.view']);
    expect((await play(trackId, 200_000, second.headers)).json().recorded).toBe(true);

    const rows = await t.deps.db
      .selectFrom('plays')
      .selectAll()
      .where('track_id', '=', trackId)
      .orderBy('id')
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      user_id: listener.id,
      platform: 'android',
      device: 'mobile',
      browser: 'chrome',
      country: 'PT',
      source: 'player',
    });
    expect(rows[1]?.country).toBeNull();
    const daily = await t.deps.db
      .selectFrom('play_daily')
      .select(['plays'])
      .where('track_id', '=', trackId)
      .execute();
    expect(daily).toEqual([{ plays: 2 }]);
    const counters = await Promise.all([
      t.deps.db.selectFrom('tracks').select('plays').where('id', '=', trackId).executeTakeFirstOrThrow(),
      t.deps.db.selectFrom('albums').select('plays').where('id', '=', albumId).executeTakeFirstOrThrow(),
      t.deps.db.selectFrom('artists').select('plays').where('id', '=', artistId).executeTakeFirstOrThrow(),
    ]);
    expect(counters.map((row) => Number(row.plays))).toEqual([2, 2, 2]);
  });

  it('counts after half of a short track', async () => {
    const trackId = await insertTrack(t, { name: 'Short', artistId, duration: 40_000 });
    expect((await play(trackId, 19_999)).json().recorded).toBe(false);
    expect((await play(trackId, 20_000)).json()).toMatchObject({ recorded: true, threshold_ms: 20_000 });
  });

  it('records guest plays when the guest role may play, and concurrent plays all count', async () => {
    const trackId = await insertTrack(t, { name: 'Popular', artistId, duration: 60_000 });
    // Eight guests (one browser each) listening at the same moment.
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        play(trackId, 45_000, {}, { 'user-agent': `${CHROME_ANDROID} guest/${index}` }),
      ),
    );
    expect(results.every((response) => response.json().recorded)).toBe(true);
    const row = await t.deps.db
      .selectFrom('tracks')
      .select('plays')
      .where('id', '=', trackId)
      .executeTakeFirstOrThrow();
    expect(Number(row.plays)).toBe(8);
    const daily = await t.deps.db
      .selectFrom('play_daily')
      .select('plays')
      .where('track_id', '=', trackId)
      .executeTakeFirstOrThrow();
    expect(daily.plays).toBe(8);
  });

  it('counts one listen per listener within the threshold, then again once it has passed', async () => {
    // A 2 s track: its threshold (half of it) is 1 s.
    const trackId = await insertTrack(t, { name: 'Replayed', artistId, duration: 2_000 });
    expect((await play(trackId, 1_500)).json()).toMatchObject({ recorded: true, plays: 1 });
    expect((await play(trackId, 1_500)).json()).toMatchObject({ recorded: false, plays: 1 });
    expect((await play(trackId, 1_500, {})).json()).toMatchObject({ recorded: true, plays: 2 });
    expect((await play(trackId, 1_500, {})).json()).toMatchObject({ recorded: false, plays: 2 });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await play(trackId, 1_500)).json()).toMatchObject({ recorded: true, plays: 3 });
    const rows = await t.deps.db.selectFrom('plays').select('id').where('track_id', '=', trackId).execute();
    expect(rows).toHaveLength(3);
  });

  it('rejects bad input and private tracks without recording', async () => {
    const trackId = await insertTrack(t, {
      name: 'Guarded',
      artistId,
      duration: 60_000,
      visibility: 'private',
    });
    expect((await play(trackId, 45_000)).statusCode).toBe(404);
    expect((await play(999_999, 45_000)).statusCode).toBe(404);
    const negative = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tracks/${trackId}/plays`,
      headers: listener.headers,
      payload: { duration_played_ms: -1 },
    });
    expect(negative.statusCode).toBe(422);
    const rows = await t.deps.db.selectFrom('plays').select('id').where('track_id', '=', trackId).execute();
    expect(rows).toHaveLength(0);
  });

  it('shows the listening history to its owner only', async () => {
    const history = await t.app.inject({ url: '/api/v1/users/me/history', headers: listener.headers });
    expect(history.statusCode).toBe(200);
    const items = history.json().pagination.data;
    expect(items.length).toBeGreaterThan(0);
    expect(items[0].track).toMatchObject({ artists: [{ id: artistId }] });
    const snoop = await actor(t, ['users.view']);
    expect(
      (await t.app.inject({ url: `/api/v1/users/${listener.id}/history`, headers: snoop.headers }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: `/api/v1/users/${listener.id}/history` })).statusCode).toBe(401);
  });
});
