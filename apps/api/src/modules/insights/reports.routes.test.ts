import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../platform/auth/session.service';
import { hashToken } from '../../platform/auth/tokens';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actor, insertAlbum, insertArtist, insertTrack } from '../catalogue/catalogue.test-helper';
import * as reportsRepository from './reports.repository';
import { pruneAnalytics } from './reports.service';

let t: TestApp;
let admin: Awaited<ReturnType<typeof actor>>;
let trackIds: number[] = [];
let albumId = 0;
let artistId = 0;

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile Safari/604.1';
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

beforeAll(async () => {
  t = await createTestApp();
  admin = await actor(t, ['admin.access']);
  artistId = await insertArtist(t, 'Reported Artist');
  albumId = await insertAlbum(t, 'Reported Album', artistId);
  trackIds = [
    await insertTrack(t, { name: 'Reported One', artistId, albumId, duration: 10_000 }),
    await insertTrack(t, { name: 'Reported Two', artistId, duration: 10_000 }),
  ];
  const genre = await t.deps.db
    .insertInto('genres')
    .values({ name: 'report-genre', display_name: 'Report Genre' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.deps.db
    .insertInto('genreables')
    .values({ genre_id: genre.id, genreable_type: 'track', genreable_id: trackIds[0] as number })
    .execute();
  const listeners = await Promise.all([1, 2, 3].map(() => actor(t, ['music.view', 'music.play'])));
  const plays: [number, number, string, string][] = [
    [0, 0, PHONE, 'album'],
    [1, 0, PHONE, 'playlist'],
    [2, 1, DESKTOP, 'search'],
  ];
  for (const [who, track, agent, source] of plays) {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tracks/${trackIds[track]}/plays`,
      headers: { ...listeners[who]?.headers, 'user-agent': agent, 'cf-ipcountry': 'SE' },
      payload: { duration_played_ms: 9_000, source },
    });
    expect(response.json().recorded).toBe(true);
  }
}, 60_000);
afterAll(async () => t?.close());

describe('GET /api/v1/admin/reports/plays', () => {
  it('answers plays over time, listeners, top tracks, albums, artists, genres and the breakdowns', async () => {
    const response = await t.app.inject({
      url: '/api/v1/admin/reports/plays?range=7d',
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.totals).toMatchObject({ plays: 3, previous_plays: 0, listeners: 3 });
    expect(body.plays).toHaveLength(7);
    expect(body.plays.at(-1).value).toBe(3);
    expect(body.top_tracks[0]).toMatchObject({ id: trackIds[0], name: 'Reported One', plays: 2 });
    expect(body.top_albums).toEqual([{ id: albumId, name: 'Reported Album', plays: 2 }]);
    expect(body.top_genres).toEqual([expect.objectContaining({ name: 'Report Genre', plays: 2 })]);
    expect(body.devices).toEqual([
      { value: 'mobile', plays: 2, previous: 0 },
      { value: 'desktop', plays: 1, previous: 0 },
    ]);
    expect(body.sources.map((row: { value: string }) => row.value)).toEqual(['album', 'playlist', 'search']);
    expect(body.countries).toEqual([{ value: 'SE', plays: 3, previous: 0 }]);
    expect(body.browsers.map((row: { value: string }) => row.value)).toEqual(['safari', 'chrome']);
  });

  it('needs a session (401) and admin.access (403), and refuses bad ranges (422)', async () => {
    expect((await t.app.inject({ url: '/api/v1/admin/reports/plays' })).statusCode).toBe(401);
    const listener = await actor(t, ['music.view']);
    expect(
      (await t.app.inject({ url: '/api/v1/admin/reports/plays', headers: listener.headers })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ url: '/api/v1/admin/reports/visitors', headers: listener.headers })).statusCode,
    ).toBe(403);
    for (const query of ['range=forever', 'range=custom&from=2025-02-01&to=2025-01-01', 'range=custom']) {
      const response = await t.app.inject({
        url: `/api/v1/admin/reports/plays?${query}`,
        headers: admin.headers,
      });
      expect(response.statusCode, query).toBe(422);
      expect(response.json().errors, query).toBeTypeOf('object');
    }
  });
});

describe('POST /api/v1/page-views and GET /api/v1/admin/reports/visitors', () => {
  const view = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/v1/page-views', payload, headers });

  it('counts first-party views by page kind, referrer, device and visitor, never DNT or GPC ones', async () => {
    const base = await t.app.inject({
      url: '/api/v1/admin/reports/visitors?range=7d',
      headers: admin.headers,
    });
    expect(base.statusCode).toBe(200);
    const before = base.json().totals;
    expect(
      (
        await view({ page_kind: 'album', referrer: 'https://www.example.org/a?q=1' }, { 'user-agent': PHONE })
      ).json(),
    ).toEqual({ recorded: true });
    expect((await view({ page_kind: 'album' }, { 'user-agent': PHONE })).json()).toEqual({ recorded: true });
    expect(
      (
        await view({ page_kind: 'search', referrer: 'javascript:alert(1)' }, { 'user-agent': DESKTOP })
      ).json(),
    ).toEqual({ recorded: true });
    // Our own pages are not referrers.
    expect(
      (
        await view(
          { page_kind: 'home', referrer: `${t.deps.env.APP_URL}/album/1` },
          { 'user-agent': DESKTOP },
        )
      ).json(),
    ).toEqual({ recorded: true });
    expect((await view({ page_kind: 'home' }, { dnt: '1' })).json()).toEqual({ recorded: false });
    expect((await view({ page_kind: 'home' }, { 'sec-gpc': '1' })).json()).toEqual({ recorded: false });
    expect((await view({ page_kind: 'nowhere' })).statusCode).toBe(422);
    expect((await view({ page_kind: 'home', referrer: 'x'.repeat(3000) })).statusCode).toBe(422);

    const body = (
      await t.app.inject({ url: '/api/v1/admin/reports/visitors?range=7d', headers: admin.headers })
    ).json();
    expect(body.totals.views - before.views).toBe(4);
    // Two agents from one address: two visitors.
    expect(body.totals.visitors - before.visitors).toBe(2);
    expect(body.views).toHaveLength(7);
    expect(body.page_kinds.find((row: { value: string }) => row.value === 'album')?.plays).toBe(2);
    expect(body.referrers).toEqual([{ value: 'example.org', plays: 1, previous: 0 }]);
    expect(body.devices.map((row: { value: string }) => row.value).sort()).toEqual(['desktop', 'mobile']);
    const stored = await t.deps.db.selectFrom('page_views').selectAll().execute();
    // No address, agent string or path is kept.
    expect(JSON.stringify(stored)).not.toContain('127.0.0.1');
    expect(JSON.stringify(stored)).not.toContain('Mozilla');
  });

  it('with the gdpr cookie notice on, counts only visitors who accepted it', async () => {
    await t.app.services.settings.save({ client: { 'cookie_notice.enable': true } });
    try {
      expect((await view({ page_kind: 'home' })).json()).toEqual({ recorded: false });
      expect((await view({ page_kind: 'home' }, { cookie: 'cookie_notice=true' })).json()).toEqual({
        recorded: true,
      });
    } finally {
      await t.app.services.settings.save({ client: { 'cookie_notice.enable': false } });
    }
  });
});

describe('analytics retention', () => {
  it('prunes raw plays and page views older than the retention; the roll-ups and newer rows stay', async () => {
    const old = new Date(Date.now() - 400 * 86_400_000);
    await t.deps.db
      .insertInto('plays')
      .values({
        track_id: trackIds[1] as number,
        user_id: null,
        played_at: old,
        duration_played_ms: 9_000,
        platform: null,
        device: 'desktop',
        browser: null,
        country: null,
        city: null,
        listener_hash: 'old',
      })
      .execute();
    await reportsRepository.recordPageView(t.deps.db, {
      viewedAt: old,
      pageKind: 'home',
      referrerHost: null,
      country: null,
      device: null,
      visitorHash: 'old',
    });
    const dailyBefore = await t.deps.db.selectFrom('play_daily').select('plays').execute();
    expect(await pruneAnalytics(t.deps.db, async () => 0)).toBe('Retention is off: nothing pruned');
    expect(await pruneAnalytics(t.deps.db, async () => 365)).toBe(
      'Pruned 1 plays and 1 page views older than 365 days',
    );
    const plays = await t.deps.db.selectFrom('plays').select('listener_hash').execute();
    expect(plays.map((row) => row.listener_hash)).not.toContain('old');
    expect(plays.length).toBeGreaterThanOrEqual(3);
    expect(await t.deps.db.selectFrom('play_daily').select('plays').execute()).toEqual(dailyBefore);
  });
});

describe('locations from the offline GeoIP database', () => {
  it('fills the country and city of plays, page views and sessions from the address, never keeping it', async () => {
    const listener = await actor(t, ['music.view', 'music.play']);
    const played = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tracks/${trackIds[1]}/plays`,
      remoteAddress: '81.2.69.160',
      headers: { ...listener.headers, 'user-agent': DESKTOP },
      payload: { duration_played_ms: 9_000, source: 'radio' },
    });
    expect(played.json().recorded).toBe(true);
    const viewed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/page-views',
      remoteAddress: '81.2.69.160',
      payload: { page_kind: 'radio' },
    });
    expect(viewed.json()).toEqual({ recorded: true });

    const plays = (
      await t.app.inject({ url: '/api/v1/admin/reports/plays?range=7d', headers: admin.headers })
    ).json();
    expect(plays.countries).toContainEqual({ value: 'GB', plays: 1, previous: 0 });
    const editor = await actor(t, ['music.update']);
    const insights = (
      await t.app.inject({ url: `/api/v1/insights/tracks/${trackIds[1]}?range=7d`, headers: editor.headers })
    ).json();
    expect(insights.cities).toEqual([{ value: 'Bracknell, GB', plays: 1, previous: 0 }]);
    const visits = (
      await t.app.inject({ url: '/api/v1/admin/reports/visitors?range=7d', headers: admin.headers })
    ).json();
    expect(visits.countries).toContainEqual({ value: 'GB', plays: 1, previous: 0 });
    const stored = await t.deps.db
      .selectFrom('plays')
      .select(['country', 'city'])
      .where('source', '=', 'radio')
      .execute();
    expect(stored).toEqual([{ country: 'GB', city: 'Bracknell' }]);
    const views = await t.deps.db.selectFrom('page_views').selectAll().execute();
    expect(JSON.stringify(views)).not.toContain('81.2.69.160');

    const session = await createSession(t.deps.db, listener.id, { ipAddress: '81.2.69.160' });
    const row = await t.deps.db
      .selectFrom('sessions')
      .select(['city', 'country'])
      .where('id', '=', hashToken(session.token))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ city: 'Bracknell', country: 'GB' });
  });
});

describe('long ranges read whole months from the monthly roll-up', () => {
  it('counts a past month once (monthly row, not its days) and leaves it out of short ranges', async () => {
    const now = new Date();
    const past = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 3, 15));
    const day = past.toISOString().slice(0, 10);
    const month = `${day.slice(0, 7)}-01`;
    const track = trackIds[1] as number;
    await t.deps.db.insertInto('play_daily').values({ track_id: track, day, plays: 4 }).execute();
    await t.deps.db
      .insertInto('play_daily_dims')
      .values({ track_id: track, day, dimension: 'device', value: 'tv', plays: 4 })
      .execute();
    await t.deps.db
      .insertInto('play_monthly_dims')
      .values({ track_id: track, month, dimension: 'device', value: 'tv', plays: 4 })
      .execute();
    const tv = (rows: { value: string; plays: number }[]) => rows.find((row) => row.value === 'tv')?.plays;
    const year = (
      await t.app.inject({ url: '/api/v1/admin/reports/plays?range=12m', headers: admin.headers })
    ).json();
    expect(tv(year.devices)).toBe(4);
    const week = (
      await t.app.inject({ url: '/api/v1/admin/reports/plays?range=7d', headers: admin.headers })
    ).json();
    expect(tv(week.devices)).toBeUndefined();
    const editor = await actor(t, ['music.update']);
    const insights = (
      await t.app.inject({ url: `/api/v1/insights/tracks/${track}?range=12m`, headers: editor.headers })
    ).json();
    expect(tv(insights.devices)).toBe(4);
    // Without its days, the month still counts: the year was read from the monthly roll-up.
    await t.deps.db.deleteFrom('play_daily_dims').where('value', '=', 'tv').execute();
    const again = (
      await t.app.inject({ url: '/api/v1/admin/reports/plays?range=12m', headers: admin.headers })
    ).json();
    expect(tv(again.devices)).toBe(4);
    // The month's listeners come from the monthly rows: a fan of that month is one listener of the year.
    const before = (
      await t.app.inject({ url: '/api/v1/admin/reports/plays?range=12m', headers: admin.headers })
    ).json().totals.listeners;
    await t.deps.db
      .insertInto('play_monthly_listeners')
      .values({ track_id: track, month, listener_hash: 'fan-of-that-month' })
      .execute();
    const after = (
      await t.app.inject({ url: '/api/v1/admin/reports/plays?range=12m', headers: admin.headers })
    ).json().totals.listeners;
    expect(after).toBe(before + 1);
    const trackYear = (
      await t.app.inject({ url: `/api/v1/insights/tracks/${track}?range=12m`, headers: editor.headers })
    ).json();
    expect(trackYear.totals.listeners).toBeGreaterThanOrEqual(1);
    // A counted play lands in both roll-ups.
    const listener = await actor(t, ['music.view', 'music.play']);
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/tracks/${trackIds[0]}/plays`,
      headers: { ...listener.headers, 'user-agent': PHONE },
      payload: { duration_played_ms: 9_000, source: 'channel' },
    });
    const monthly = await t.deps.db
      .selectFrom('play_monthly_dims')
      .select(['plays'])
      .where('track_id', '=', trackIds[0] as number)
      .where('dimension', '=', 'source')
      .where('value', '=', 'channel')
      .execute();
    expect(monthly).toEqual([{ plays: 1 }]);
    const fans = await t.deps.db
      .selectFrom('play_monthly_listeners')
      .select('listener_hash')
      .where('track_id', '=', trackIds[0] as number)
      .execute();
    // Every listener of this month's plays on that track, once each.
    expect(fans.length).toBe(new Set(fans.map((fan) => fan.listener_hash)).size);
    expect(fans.length).toBeGreaterThanOrEqual(3);
  });
});
