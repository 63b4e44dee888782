import type { TAppearancePayload, TAppearanceResponse } from '@cadence/contracts/appearance';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestUser, type TestApp } from '../../test/test-app';

let t: TestApp;
let editor: Record<string, string>;
let listener: Record<string, string>;

const call = (headers: Record<string, string>, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });

async function current(): Promise<TAppearanceResponse> {
  const response = await call(editor, 'GET', '/api/v1/appearance');
  expect(response.statusCode).toBe(200);
  return response.json();
}

function payloadFrom(state: TAppearanceResponse): TAppearancePayload {
  return { settings: state.settings, themes: state.themes };
}

const guestBootstrap = async () =>
  (await t.app.inject({ url: '/api/v1/bootstrap-data' })).json().bootstrapData;

beforeAll(async () => {
  t = await createTestApp();
  const editorId = await createTestUser(t.deps, { permissions: ['admin.access', 'appearance.update'] });
  const listenerId = await createTestUser(t.deps, { permissions: ['admin.access', 'settings.update'] });
  const a = await t.sessionCookie(editorId);
  const b = await t.sessionCookie(listenerId);
  editor = { cookie: a.cookie, 'x-xsrf-token': a.xsrf };
  listener = { cookie: b.cookie, 'x-xsrf-token': b.xsrf };
});
afterAll(async () => t?.close());

describe('appearance editor', () => {
  it('needs appearance.update to read or save', async () => {
    expect((await call(listener, 'GET', '/api/v1/appearance')).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/v1/appearance' })).statusCode).toBe(401);
    const state = await current();
    expect((await call(listener, 'POST', '/api/v1/appearance', payloadFrom(state))).statusCode).toBe(403);
  });

  it('reads the seeded branding, themes, menus and landing page', async () => {
    const state = await current();
    expect(state.site_name).toBeTruthy();
    expect(state.settings.branding.logo_light).toBe('images/logo-light.svg');
    expect(state.themes.map((theme) => theme.name)).toEqual(['Dark', 'Light']);
    expect(state.settings.menus.some((menu) => menu.positions.includes('sidebar-primary'))).toBe(true);
    expect(state.settings.landing.actions.cta1.label).toBe('Signup Now');
    expect(state.settings.seo.artist_page).toBeNull();
  });

  it('saves themes, menus, custom code and SEO overrides for everyone, audited, in one write', async () => {
    const state = await current();
    const [dark, light] = state.themes;
    if (!dark || !light) throw new Error('seeded themes missing');
    const payload = payloadFrom(state);
    payload.themes = [
      { ...dark, values: { ...dark.values, '--be-primary': '200 10 20' } },
      { ...light, id: null, name: 'Copy of Light', default_light: false },
      light,
    ];
    payload.settings.custom_code = { css: 'body{outline:1px solid red}', html: '<p>hi</p>' };
    payload.settings.seo.track_page = '<title>{{track.name}}</title>';
    payload.settings.themes = { default_id: dark.id, user_change: false };
    const [primary] = payload.settings.menus;
    if (!primary) throw new Error('seeded menu missing');
    primary.items = [
      {
        id: 'abc123',
        label: 'Staff only',
        type: 'route',
        action: '/staff',
        roles: [1],
        permissions: [],
        settings: {},
        order: 0,
      },
      ...primary.items,
    ];
    const saved = await call(editor, 'POST', '/api/v1/appearance', payload);
    expect(saved.statusCode, saved.body).toBe(200);
    const after = saved.json() as TAppearanceResponse;
    expect(after.themes.map((theme) => theme.name)).toEqual(['Dark', 'Light', 'Copy of Light']);
    expect(after.settings.seo.track_page).toBe('<title>{{track.name}}</title>');

    const boot = await guestBootstrap();
    expect(boot.themes.all.find((theme: { id: number }) => theme.id === dark.id).values['--be-primary']).toBe(
      '200 10 20',
    );
    expect(boot.themes.all).toHaveLength(3);
    expect(boot.settings.custom_code).toEqual({ css: 'body{outline:1px solid red}', html: '<p>hi</p>' });
    expect(boot.settings.themes.user_change).toBe(false);
    expect(boot.menus[0].items[0]).toMatchObject({ label: 'Staff only', roles: [1] });
    // SEO templates stay on the server.
    expect(JSON.stringify(boot)).not.toContain('{{track.name}}');

    const audit = await t.deps.db
      .selectFrom('audit_log')
      .select(['action', 'subject_type'])
      .where('action', '=', 'appearance.update')
      .execute();
    expect(audit).toHaveLength(1);

    // Deleting a theme (leaving it out) and resetting a template to the original.
    const copy = after.themes.find((theme) => theme.name === 'Copy of Light');
    const next = payloadFrom(after);
    next.themes = after.themes.filter((theme) => theme !== copy);
    next.settings.seo.track_page = null;
    next.settings.themes.default_id = copy?.id ?? 0;
    const reset = (await call(editor, 'POST', '/api/v1/appearance', next)).json() as TAppearanceResponse;
    expect(reset.themes).toHaveLength(2);
    expect(reset.settings.seo.track_page).toBeNull();
    // The default pointed at the deleted theme: back to "system".
    expect(reset.settings.themes.default_id).toBe(0);
  });

  it('answers 422 for two default light themes, a bad style variable or no theme at all', async () => {
    const state = await current();
    const twoLight = payloadFrom(state);
    twoLight.themes = state.themes.map((theme) => ({ ...theme, default_light: true }));
    const refused = await call(editor, 'POST', '/api/v1/appearance', twoLight);
    expect(refused.statusCode).toBe(422);
    expect(JSON.stringify(refused.json().errors)).toContain('Only one theme can be the default light theme.');

    const badVariable = payloadFrom(state);
    badVariable.themes = state.themes.map((theme) => ({ ...theme, values: { color: 'red' } }));
    expect((await call(editor, 'POST', '/api/v1/appearance', badVariable)).statusCode).toBe(422);
    expect(
      (await call(editor, 'POST', '/api/v1/appearance', { ...payloadFrom(state), themes: [] })).statusCode,
    ).toBe(422);
    expect((await current()).themes).toHaveLength(state.themes.length);
  });

  it("answers 422 naming a placeholder the SEO template's page does not know, and saves nothing", async () => {
    const state = await current();
    const before = state.settings.seo.album_page;
    const payload = payloadFrom(state);
    payload.settings.seo.album_page = '<title>{{album.nam}} - {{site_name}}</title>';
    const refused = await call(editor, 'POST', '/api/v1/appearance', payload);
    expect(refused.statusCode).toBe(422);
    const body = refused.json() as { message: string; errors: Record<string, string | string[]> };
    expect(typeof body.message).toBe('string');
    expect(String(body.errors['settings.seo.album_page'])).toContain(
      'The placeholder {{album.nam}} is not available on this page.',
    );
    expect((await current()).settings.seo.album_page).toBe(before);

    // Another page's placeholder is unknown too; the page's own are accepted.
    payload.settings.seo.album_page = '<title>{{track.name}}</title>';
    expect((await call(editor, 'POST', '/api/v1/appearance', payload)).statusCode).toBe(422);
    payload.settings.seo.album_page = '<title>{{ album.name }} by {{album.artist}} - {{site_name}}</title>';
    expect((await call(editor, 'POST', '/api/v1/appearance', payload)).statusCode).toBe(200);
    payload.settings.seo.album_page = null;
    expect((await call(editor, 'POST', '/api/v1/appearance', payload)).statusCode).toBe(200);
  });
});

describe('ad frames', () => {
  it('serve a slot in a sandboxed document of its own, scripts allowed, only framed by the product', async () => {
    expect((await t.app.inject({ url: '/api/v1/ads/general_top/frame' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/v1/ads/elsewhere/frame' })).statusCode).toBe(422);
    await t.app.services.settings.save({
      client: { ads: { general_top: '<script>window.ran=1</script><b>Ad</b>' } },
    });
    const frame = await t.app.inject({ url: '/api/v1/ads/general_top/frame' });
    expect(frame.statusCode).toBe(200);
    expect(frame.headers['content-type']).toContain('text/html');
    expect(frame.body).toContain('<script>window.ran=1</script><b>Ad</b>');
    const csp = String(frame.headers['content-security-policy']);
    expect(csp).toContain('sandbox allow-scripts allow-popups');
    expect(csp).not.toContain('allow-same-origin');
    expect(csp).toContain("frame-ancestors 'self'");
    expect(frame.headers['x-frame-options']).toBeUndefined();
    await t.app.services.settings.save({ client: { ads: { disable: true } } });
    expect((await t.app.inject({ url: '/api/v1/ads/general_top/frame' })).statusCode).toBe(404);
  });
});
