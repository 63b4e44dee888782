import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createAgent, createUserWithPassword } from './test-agent';

type SetCookie = { name: string; value: string; secure?: boolean };
const named = (cookies: SetCookie[], name: string) => cookies.find((cookie) => cookie.name === name);

describe('auth cookies behind a TLS-terminating proxy (https APP_URL, plain http in)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { APP_URL: 'https://music.example.com', TRUST_PROXY: 'false' } });
  });
  afterAll(async () => t?.close());

  it('marks the session and XSRF cookies Secure on login, bootstrap and logout', async () => {
    const { email, password } = await createUserWithPassword(t.deps);
    const guest = await t.app.inject({ url: '/api/v1/bootstrap-data' });
    expect(named(guest.cookies as SetCookie[], 'XSRF-TOKEN')?.secure).toBe(true);

    const agent = createAgent(t.app);
    // No X-Forwarded-Proto, and TRUST_PROXY off would ignore one anyway: the request is http.
    const login = await agent.post('/auth/login', { email, password, remember: true });
    expect(login.statusCode).toBe(200);
    const cookies = login.cookies as SetCookie[];
    expect(named(cookies, 'cadence_session')?.secure).toBe(true);
    expect(named(cookies, 'XSRF-TOKEN')?.secure).toBe(true);
    expect(login.headers['set-cookie']?.toString()).toMatch(/cadence_session=[^;]+;.*Secure/);

    const logout = await agent.post('/auth/logout', {}, { 'x-forwarded-proto': 'http' });
    expect(logout.statusCode).toBe(200);
    expect(named(logout.cookies as SetCookie[], 'cadence_session')?.secure).toBe(true);
    expect(named(logout.cookies as SetCookie[], 'XSRF-TOKEN')?.secure).toBe(true);
  });
});

describe('auth cookies on a plain http site', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { APP_URL: 'http://localhost:3000' } });
  });
  afterAll(async () => t?.close());

  it('leaves Secure off (browsers drop Secure cookies over http)', async () => {
    const { email, password } = await createUserWithPassword(t.deps);
    const login = await createAgent(t.app).post('/auth/login', { email, password, remember: false });
    expect(named(login.cookies as SetCookie[], 'cadence_session')?.secure).toBeFalsy();
    expect(named(login.cookies as SetCookie[], 'XSRF-TOKEN')?.secure).toBeFalsy();
  });

  it('rotates the XSRF token at login and at logout, and the new one is the one that works', async () => {
    const { email, password } = await createUserWithPassword(t.deps);
    const agent = createAgent(t.app);
    const before = agent.jar.get('XSRF-TOKEN');
    const login = await agent.post('/auth/login', { email, password, remember: false });
    expect(login.statusCode).toBe(200);
    const atLogin = named(login.cookies as SetCookie[], 'XSRF-TOKEN')?.value;
    expect(atLogin).toMatch(/^[\w-]{20,100}$/);
    expect(atLogin).not.toBe(before);
    expect(login.json().bootstrapData.csrf_token).toBe(atLogin);
    // The rotated pair is the one the session's unsafe requests echo.
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/playlists',
      headers: {
        cookie: `cadence_session=${agent.jar.get('cadence_session')}; XSRF-TOKEN=${atLogin}`,
        'x-xsrf-token': before ?? '',
      },
      payload: { name: 'Forged' },
    });
    expect(refused.statusCode).toBe(403);

    const logout = await agent.post('/auth/logout');
    expect(logout.statusCode).toBe(200);
    const atLogout = named(logout.cookies as SetCookie[], 'XSRF-TOKEN')?.value;
    expect(atLogout).toMatch(/^[\w-]{20,100}$/);
    expect(atLogout).not.toBe(atLogin);
    expect(logout.json().bootstrapData.csrf_token).toBe(atLogout);
  });
});
