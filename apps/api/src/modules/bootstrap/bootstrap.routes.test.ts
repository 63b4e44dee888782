import { ZBootstrapDataSchema } from '@cadence/contracts/bootstrap';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GUEST_ROLE_CACHE_KEY } from '../../platform/auth/auth.plugin';
import * as authRepository from '../../platform/auth/auth.repository';
import { authCookieAttributes } from '../../platform/http/cookie-policy';
import { scriptSafeJson } from '../../platform/http/script-json';
import { createTestApp, createTestUser, type TestApp } from '../../test/test-app';
import { createLocalizationsService } from '../localizations/localizations.service';
import * as bootstrapRepository from './bootstrap.repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const boot = async (headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ url: '/api/v1/bootstrap-data', headers });
  expect(res.statusCode).toBe(200);
  return ZBootstrapDataSchema.parse(res.json().bootstrapData);
};

describe('GET /api/v1/bootstrap-data', () => {
  it('parses with the contract for a guest and issues the XSRF cookie', async () => {
    const res = await t.app.inject({ url: '/api/v1/bootstrap-data' });
    const data = ZBootstrapDataSchema.parse(res.json().bootstrapData);
    expect(data.user).toBeNull();
    expect(data.guest_role?.permissions.length).toBeGreaterThan(0);
    expect(data.themes.all.length).toBeGreaterThanOrEqual(2);
    expect(data.menus.length).toBeGreaterThan(0);
    expect(data.i18n.language).toBe('en');
    // English as seeded: every line says what its key says, and none of them is sent (the apps
    // fall back to the key); a changed line is (below, "answers each variant ...").
    const seeded = await t.deps.db
      .selectFrom('localizations')
      .select('lines')
      .where('language', '=', 'en')
      .executeTakeFirstOrThrow();
    const sameAsKey = Object.entries(seeded.lines ?? {}).filter(([key, line]) => key === line);
    expect(sameAsKey.length).toBeGreaterThan(100);
    expect(Object.keys(data.i18n.lines).filter((key) => sameAsKey.some(([same]) => same === key))).toEqual(
      [],
    );
    expect(data.settings.base_url).toBe(t.env.APP_URL);
    const xsrf = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(xsrf?.value).toBe(data.csrf_token);
    expect(xsrf?.httpOnly).toBeFalsy();
  });

  it("sets the XSRF cookie as @fastify/cookie serializes it, and keeps a returning guest's", async () => {
    const res = await t.app.inject({ url: '/api/v1/bootstrap-data' });
    const token = res.json().bootstrapData.csrf_token as string;
    expect(token).toMatch(/^[\w-]{40,}$/);
    const attributes = { ...authCookieAttributes(t.env, { protocol: 'http' }), httpOnly: false };
    expect(res.headers['set-cookie']).toBe(t.app.serializeCookie('XSRF-TOKEN', token, attributes));
    const kept = 'returning-guest-token-0123456789';
    const again = await t.app.inject({
      url: '/api/v1/bootstrap-data',
      headers: { cookie: `XSRF-TOKEN=${kept}` },
    });
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(again.json().bootstrapData.csrf_token).toBe(kept);
  });

  it('carries the signed-in user without secrets', async () => {
    const id = await createTestUser(t.deps, { permissions: ['music.view'] });
    const { cookie } = await t.sessionCookie(id);
    const data = await boot({ cookie });
    expect(data.user?.id).toBe(id);
    expect(data.user?.permissions.map((p) => p.name)).toEqual(['music.view']);
    expect(JSON.stringify(data.user)).not.toMatch(/password|two_factor_secret/);
  });

  it('picks selectedThemeId from the be-active-theme cookie', async () => {
    const data = await boot();
    const dark = data.themes.all.find((theme) => theme.default_dark);
    const light = data.themes.all.find((theme) => theme.default_light);
    expect((await boot({ cookie: 'be-active-theme=dark' })).themes.selectedThemeId).toBe(dark?.id);
    expect((await boot({ cookie: 'be-active-theme=light' })).themes.selectedThemeId).toBe(light?.id);
    expect((await boot({ cookie: `be-active-theme=${light?.id}` })).themes.selectedThemeId).toBe(light?.id);
    expect((await boot({ cookie: 'be-active-theme=system' })).themes.selectedThemeId).toBeNull();
    expect((await boot({ cookie: 'be-active-theme=99999' })).themes.selectedThemeId).toBeNull();
  });

  it('shows the cookie notice only when enabled and not yet accepted', async () => {
    expect((await boot()).show_cookie_notice).toBe(false);
    await t.app.services.settings.save({ client: { 'cookie_notice.enable': true } });
    expect((await boot()).show_cookie_notice).toBe(true);
    expect((await boot({ cookie: 'cookie_notice=true' })).show_cookie_notice).toBe(false);
  });

  it('lets a banned user read bootstrap data but nothing else', async () => {
    const id = await createTestUser(t.deps, { isBanned: true, permissions: ['settings.view'] });
    const { cookie } = await t.sessionCookie(id);
    expect((await boot({ cookie })).user?.banned_at).not.toBeNull();
    expect((await t.app.inject({ url: '/api/v1/settings', headers: { cookie } })).statusCode).toBe(403);
  });
});

describe('bootstrap data assembled from cached fragments', () => {
  it('serializes exactly what the contract makes of the object form', async () => {
    const id = await createTestUser(t.deps, { permissions: ['music.view'] });
    // Text outside Latin-1 and the BMP, and markup: the per-request part is encoded and escaped too.
    await t.deps.db
      .updateTable('users')
      .set({ name: 'Zoë ’Łódź 音楽 🎵 </script><b>&' })
      .where('id', '=', id)
      .execute();
    const user = await authRepository.loadAccess(
      t.deps.db,
      await t.deps.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    );
    const guestRole = await authRepository.findGuestRole(t.deps.db);
    const requests = [
      { user: null, guestRole, cookies: {}, csrfToken: 'token-1234567890abcdefghij' },
      { user, guestRole, cookies: { 'be-active-theme': 'dark', cookie_notice: 'true', language: 'en' } },
    ];
    for (const request of requests) {
      const json = await t.app.services.bootstrap.buildJson(request);
      const expected = ZBootstrapDataSchema.parse(await t.app.services.bootstrap.build(request));
      expect(JSON.parse(json)).toEqual(expected);
      expect(ZBootstrapDataSchema.parse(JSON.parse(json))).toEqual(expected);
      // The bytes the route sends are the same text, encoded from the fragments' own bytes.
      const bytes = await t.app.services.bootstrap.buildJsonBytes(request, '{"bootstrapData":', '}');
      expect(bytes.toString('utf8')).toBe(`{"bootstrapData":${json}}`);
      const parts = await t.app.services.bootstrap.buildJsonParts(request, '{"bootstrapData":', '}');
      expect(Buffer.concat(parts).toString('utf8')).toBe(`{"bootstrapData":${json}}`);
      // A page's inline script: the same text, escaped for a <script>, around the fragments' bytes.
      const page = await t.app.services.bootstrap.buildForPage(request, { before: '<s>', after: '</s>' });
      expect(Buffer.concat(page.script).toString('utf8')).toBe(`<s>${scriptSafeJson(json)}</s>`);
      expect(page.data).toEqual(await t.app.services.bootstrap.build(request));
    }
  });

  it('answers a repeated guest request without touching the database', async () => {
    await boot();
    const spies = [
      vi.spyOn(bootstrapRepository, 'siteThemes'),
      vi.spyOn(bootstrapRepository, 'localizations'),
      vi.spyOn(bootstrapRepository, 'i18n'),
      vi.spyOn(authRepository, 'findGuestRole'),
    ];
    try {
      await boot();
      await boot({ cookie: 'be-active-theme=dark; cookie_notice=true' });
      for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });

  it('rebuilds after a settings save and after the guest role key is dropped', async () => {
    const before = await boot();
    await t.app.services.settings.save({ client: { 'branding.site_description': 'Described for the test' } });
    const after = await boot();
    expect(after.settings.branding.site_description).toBe('Described for the test');
    expect(before.settings.branding.site_description).not.toBe('Described for the test');

    const spy = vi.spyOn(authRepository, 'findGuestRole');
    try {
      await t.deps.cache.delete(GUEST_ROLE_CACHE_KEY);
      expect((await boot()).guest_role).toEqual(before.guest_role);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  it("keeps a guest's joined answer per theme and notice, and drops it with localizations and lines", async () => {
    const localizations = createLocalizationsService({ db: t.deps.db, settings: t.app.services.settings });
    const actor = { id: null, ip: null };
    const english = await t.deps.db
      .selectFrom('localizations')
      .select(['id', 'name', 'lines'])
      .where('language', '=', 'en')
      .executeTakeFirstOrThrow();
    // Warm every variant twice: the second answer of each is the kept one.
    const variants = ['', 'be-active-theme=dark', 'be-active-theme=light; cookie_notice=true'];
    const first = [];
    for (const cookie of variants) first.push(await boot(cookie ? { cookie } : {}));
    for (const [index, cookie] of variants.entries()) {
      const again = await boot(cookie ? { cookie } : {});
      expect({ ...again, csrf_token: undefined }).toEqual({ ...first[index], csrf_token: undefined });
      expect(again.csrf_token).not.toBe(first[index]?.csrf_token);
    }
    expect(first[1]?.themes.selectedThemeId).not.toBe(first[2]?.themes.selectedThemeId);

    await localizations.rename(actor, english.id, 'English (renamed for the test)');
    for (const cookie of variants) {
      const data = await boot(cookie ? { cookie } : {});
      expect(data.localizations.find((row) => row.id === english.id)?.name).toBe(
        'English (renamed for the test)',
      );
    }

    const [line = ''] = Object.keys(english.lines ?? {}).length
      ? Object.keys(english.lines ?? {})
      : Object.keys((await boot()).i18n.lines);
    await localizations.saveLines(actor, english.id, { [line]: 'Changed for the test' });
    for (const cookie of variants) {
      expect((await boot(cookie ? { cookie } : {})).i18n.lines[line]).toBe('Changed for the test');
    }
    await localizations.rename(actor, english.id, english.name);
  });
});
