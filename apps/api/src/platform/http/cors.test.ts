import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../../modules/auth/test-agent';
import { createTestApp, type TestApp } from '../../test/test-app';

const ADMIN_ORIGIN = 'http://localhost:5599';
const PLAYER_ORIGIN = 'http://localhost:5598';
const EVIL = 'http://evil.test';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    env: {
      APP_URL: 'http://localhost:3000',
      ADMIN_URL: ADMIN_ORIGIN,
      PLAYER_URL: `${PLAYER_ORIGIN}/`,
      SESSION_COOKIE_DOMAIN: 'localhost',
      ADMIN_PASSWORD: 'admin-password',
    },
  });
});
afterAll(async () => t?.close());

function preflight(origin: string, method = 'GET', url = '/api/v1/users/me') {
  return t.app.inject({
    method: 'OPTIONS',
    url,
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'content-type, x-xsrf-token',
    },
  });
}

describe('apps on their own origins', () => {
  it('answers a preflight from a configured app origin with its origin and credentials, cached', async () => {
    const res = await preflight(ADMIN_ORIGIN);
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(ADMIN_ORIGIN);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('x-xsrf-token');
    expect(res.headers['access-control-allow-methods']).toContain('DELETE');
    expect(res.headers['access-control-max-age']).toBe('600');
    expect(res.headers.vary).toContain('Origin');
    // The player's URL came with a trailing slash: its origin is what counts.
    expect(
      (await preflight(PLAYER_ORIGIN, 'POST', '/auth/login')).headers['access-control-allow-origin'],
    ).toBe(PLAYER_ORIGIN);
  });

  it('gives a foreign origin no CORS answer at all, preflight or not', async () => {
    const res = await preflight(EVIL, 'POST', '/api/v1/settings');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    const simple = await t.app.inject({
      method: 'GET',
      url: '/api/v1/bootstrap-data',
      headers: { origin: EVIL },
    });
    expect(simple.headers['access-control-allow-origin']).toBeUndefined();
    // The backstage was not moved: it stays on the api's origin and needs no CORS.
    expect((await preflight('http://localhost:3000')).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('signs in from the admin origin, saves a setting there, the player origin sees it, evil cannot write', async () => {
    const admin = createAgent(t.app);
    const login = await admin.post(
      '/auth/login',
      { email: 'admin@cadence.local', password: 'admin-password' },
      { origin: ADMIN_ORIGIN },
    );
    expect(login.statusCode).toBe(200);
    expect(login.headers['access-control-allow-origin']).toBe(ADMIN_ORIGIN);
    const session = login.cookies.find((cookie) => cookie.name === 'cadence_session');
    expect(session).toMatchObject({ domain: 'localhost', sameSite: 'Lax', httpOnly: true, path: '/' });

    const saved = await admin.post(
      '/api/v1/settings',
      { client: { 'uploads.blocked_extensions': ['splitorigins'] } },
      { origin: ADMIN_ORIGIN },
    );
    expect(saved.statusCode).toBe(200);

    // The same browser (cookies are shared across ports of one host) on the player's origin.
    const fromPlayer = await admin.get('/api/v1/bootstrap-data', { origin: PLAYER_ORIGIN });
    expect(fromPlayer.headers['access-control-allow-origin']).toBe(PLAYER_ORIGIN);
    expect(JSON.stringify(fromPlayer.json())).toContain('splitorigins');
    // The apps learn where the others live, for their cross-links ("Admin area", "View site").
    expect(fromPlayer.json().bootstrapData.app_urls).toEqual({
      api: 'http://localhost:3000',
      player: PLAYER_ORIGIN,
      admin: ADMIN_ORIGIN,
      backstage: 'http://localhost:3000/backstage',
    });

    const forged = await admin.post(
      '/api/v1/settings',
      { client: { 'uploads.blocked_extensions': ['owned'] } },
      { origin: EVIL },
    );
    expect(forged.statusCode).toBe(403);
    expect(forged.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('a logout on one app ends the session for the others', async () => {
    const browser = createAgent(t.app);
    await browser.post(
      '/auth/login',
      { email: 'admin@cadence.local', password: 'admin-password' },
      { origin: PLAYER_ORIGIN },
    );
    expect((await browser.get('/api/v1/user-sessions', { origin: ADMIN_ORIGIN })).statusCode).toBe(200);
    const session = browser.jar.get('cadence_session');
    const out = await browser.post('/auth/logout', {}, { origin: PLAYER_ORIGIN });
    expect(out.statusCode).toBeLessThan(300);
    const cleared = out.cookies.find((cookie) => cookie.name === 'cadence_session');
    expect(cleared?.domain).toBe('localhost');
    // Even a tab that still holds the old cookie is signed out.
    const stale = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user-sessions',
      headers: { origin: ADMIN_ORIGIN, cookie: `cadence_session=${session}` },
    });
    expect(stale.statusCode).toBe(401);
  });
});
