import { sql } from 'kysely';
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

  describe('a play reported late (made offline, sent when the connection returns)', () => {
    const DAY = 24 * 3600 * 1000;
    const late = (trackId: number, playedAt: Date | string, headers: Headers = listener.headers) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/tracks/${trackId}/plays`,
        headers,
        payload: {
          duration_played_ms: 45_000,
          played_at: typeof playedAt === 'string' ? playedAt : playedAt.toISOString(),
        },
      });
    const playsOf = (trackId: number) =>
      t.deps.db
        .selectFrom('plays')
        .select(['played_at', 'user_id'])
        .where('track_id', '=', trackId)
        .orderBy('played_at')
        .execute();

    it('counts at the time it was heard: its day, its history place', async () => {
      const trackId = await insertTrack(t, { name: 'Heard on the train', artistId, duration: 60_000 });
      const heard = new Date(Date.now() - 3 * DAY);
      expect((await late(trackId, heard)).json()).toMatchObject({ recorded: true, plays: 1 });
      expect((await playsOf(trackId)).map((row) => row.played_at.toISOString())).toEqual([
        heard.toISOString(),
      ]);
      const daily = await t.deps.db
        .selectFrom('play_daily')
        .select([sql<string>`day::text`.as('day'), 'plays'])
        .where('track_id', '=', trackId)
        .execute();
      expect(daily.map((row) => [row.day, row.plays])).toEqual([[heard.toISOString().slice(0, 10), 1]]);
    });

    it('counts a queue sent twice once, and two listens apart both', async () => {
      const trackId = await insertTrack(t, { name: 'Looped offline', artistId, duration: 60_000 });
      const first = new Date(Date.now() - 2 * DAY);
      const second = new Date(first.getTime() + 60_000);
      const [a, b] = await Promise.all([late(trackId, first), late(trackId, first)]);
      expect([a.json().recorded, b.json().recorded].sort()).toEqual([false, true]);
      expect((await late(trackId, second)).json()).toMatchObject({ recorded: true, plays: 2 });
      // Sent again after the answers were lost: nothing more counts.
      expect((await late(trackId, first)).json().recorded).toBe(false);
      expect((await late(trackId, second)).json().recorded).toBe(false);
      // A forged time inside one listen's threshold (30 s here) is the same listen.
      expect((await late(trackId, new Date(first.getTime() + 20_000))).json().recorded).toBe(false);
      expect(await playsOf(trackId)).toHaveLength(2);
    });

    it('refuses a time in the future or older than 14 days, and writes nothing', async () => {
      const trackId = await insertTrack(t, { name: 'Too late', artistId, duration: 60_000 });
      const future = await late(trackId, new Date(Date.now() + 3_600_000));
      expect(future.statusCode).toBe(422);
      expect(future.json().errors).toEqual({ played_at: ['The play time is in the future.'] });
      const old = await late(trackId, new Date(Date.now() - 15 * DAY));
      expect(old.statusCode).toBe(422);
      expect(old.json().errors).toEqual({
        played_at: ['A play can be reported up to 14 days after it was heard.'],
      });
      expect((await late(trackId, 'yesterday')).statusCode).toBe(422);
      expect(await playsOf(trackId)).toHaveLength(0);
    });

    it('takes a clock slightly ahead as now, and counts a guest report when it arrives', async () => {
      const trackId = await insertTrack(t, { name: 'Skewed', artistId, duration: 60_000 });
      const before = Date.now();
      expect((await late(trackId, new Date(before + 60_000))).json().recorded).toBe(true);
      const guest = await late(trackId, new Date(before - 5 * DAY), {
        'user-agent': `${CHROME_ANDROID} guest/late`,
      });
      expect(guest.json().recorded).toBe(true);
      const rows = await playsOf(trackId);
      expect(rows).toHaveLength(2);
      for (const row of rows) expect(row.played_at.getTime()).toBeGreaterThanOrEqual(before);
    });
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
