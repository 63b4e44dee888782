import { ZUserSessionsResponseSchema } from '@cadence/contracts/sessions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../platform/auth/tokens';
import { createTestApp, createTestUser, type TestApp } from '../../test/test-app';
import { createUserWithPassword, loggedInAgent } from '../auth/test-agent';
import { parseUserAgent } from './user-agent';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';

async function grantApiAccess(userId: number) {
  const permission = await t.deps.db
    .selectFrom('permissions')
    .select('id')
    .where('name', '=', 'api.access')
    .executeTakeFirstOrThrow();
  await t.deps.db
    .insertInto('permissionables')
    .values({ permission_id: permission.id, permissionable_type: 'user', permissionable_id: userId })
    .execute();
}

describe('user agent parsing', () => {
  it('maps devices to the sessions panel icons', () => {
    expect(parseUserAgent(IPHONE)).toEqual({ device_type: 'mobile', platform: 'iOS', browser: 'Safari' });
    expect(parseUserAgent(WINDOWS_FIREFOX)).toEqual({
      device_type: 'desktop',
      platform: 'Windows',
      browser: 'Firefox',
    });
    expect(parseUserAgent(null)).toEqual({ device_type: null, platform: null, browser: null });
  });
});

describe('user-sessions', () => {
  it('lists devices and API tokens, marks this device, and logs out the others with the password', async () => {
    const user = await createUserWithPassword(t.deps);
    await grantApiAccess(user.id);
    const desktop = await loggedInAgent(t.app, user.email, user.password, {
      userAgent: WINDOWS_FIREFOX,
      ip: '203.0.113.7',
    });
    const phone = await loggedInAgent(t.app, user.email, user.password, {
      userAgent: IPHONE,
      ip: '198.51.100.4',
    });
    const created = await desktop.post('/api/v1/access-tokens', { tokenName: 'Deploy script' });
    const { plainTextToken } = created.json();

    const list = ZUserSessionsResponseSchema.parse(
      (await phone.get('/api/v1/user-sessions')).json(),
    ).sessions;
    expect(list).toHaveLength(3);
    const current = list.filter((session) => session.is_current_device);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({
      device_type: 'mobile',
      platform: 'iOS',
      browser: 'Safari',
      ip_address: '198.51.100.4',
      token: null,
      city: null,
      country: null,
    });
    expect(list.find((s) => s.browser === 'Firefox')).toMatchObject({
      device_type: 'desktop',
      ip_address: '203.0.113.7',
      is_current_device: false,
    });
    expect(list.find((s) => s.token !== null)).toMatchObject({
      token: 'Deploy script',
      ip_address: null,
      is_current_device: false,
    });
    expect(JSON.stringify(list)).not.toContain(hashToken(phone.jar.get('cadence_session') ?? ''));

    const viaToken = await t.app.inject({
      url: '/api/v1/user-sessions',
      headers: { authorization: `Bearer ${plainTextToken}` },
    });
    expect(
      viaToken.json().sessions.find((s: { is_current_device: boolean }) => s.is_current_device).token,
    ).toBe('Deploy script');

    const missing = await phone.post('/api/v1/user-sessions/logout-other', {});
    expect(missing.json().errors.password).toEqual(['The password field is required.']);
    const wrong = await phone.post('/api/v1/user-sessions/logout-other', { password: 'wrong' });
    expect(wrong.json().errors.password).toBe('The provided password was incorrect.');
    const done = await phone.post('/api/v1/user-sessions/logout-other', { password: user.password });
    expect(done.json()).toEqual({ message: 'Logged out other sessions.' });
    expect((await desktop.get('/api/v1/users/me')).statusCode).toBe(401);
    expect((await phone.get('/api/v1/users/me')).statusCode).toBe(200);
  });

  it('needs a login', async () => {
    expect((await t.app.inject({ url: '/api/v1/user-sessions' })).statusCode).toBe(401);
  });
});

describe('access-tokens', () => {
  it("returns plainTextToken once, stores only its hash, and deletes only one's own tokens", async () => {
    const user = await createUserWithPassword(t.deps);
    await grantApiAccess(user.id);
    const agent = await loggedInAgent(t.app, user.email, user.password);
    const invalid = await agent.post('/api/v1/access-tokens', {});
    expect(invalid.json().errors.tokenName).toEqual(['The token name field is required.']);

    const res = await agent.post('/api/v1/access-tokens', { tokenName: 'CI' });
    expect(res.statusCode).toBe(200);
    const { token, plainTextToken } = res.json();
    expect(plainTextToken).toMatch(new RegExp(`^${token.id}\\|[\\w-]{40,}$`));
    const row = await t.deps.db
      .selectFrom('personal_access_tokens')
      .selectAll()
      .where('id', '=', token.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashToken(plainTextToken.split('|')[1]));
    expect(JSON.stringify((await agent.get('/api/v1/users/me')).json())).not.toContain(
      plainTextToken.split('|')[1],
    );
    expect((await agent.get('/api/v1/users/me')).json().user.tokens).toEqual([
      expect.objectContaining({ id: token.id, name: 'CI', last_used_at: null }),
    ]);

    const bearer = { authorization: `Bearer ${plainTextToken}` };
    expect((await t.app.inject({ url: '/api/v1/users/me', headers: bearer })).statusCode).toBe(200);

    const stranger = await createTestUser(t.deps, { permissions: ['api.access'] });
    const { cookie, xsrf } = await t.sessionCookie(stranger);
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/access-tokens/${token.id}`,
      headers: { cookie, 'x-xsrf-token': xsrf },
    });
    expect(foreign.statusCode).toBe(404);

    const noAccess = await createTestUser(t.deps);
    const other = await t.sessionCookie(noAccess);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/access-tokens',
      headers: { cookie: other.cookie, 'x-xsrf-token': other.xsrf },
      payload: { tokenName: 'x' },
    });
    expect(refused.statusCode).toBe(403);

    expect((await agent.delete(`/api/v1/access-tokens/${token.id}`)).json()).toEqual({
      message: 'Token deleted',
    });
    expect((await t.app.inject({ url: '/api/v1/users/me', headers: bearer })).statusCode).toBe(401);
  });

  it("a banned user's token stops working at once", async () => {
    const user = await createUserWithPassword(t.deps);
    await grantApiAccess(user.id);
    const agent = await loggedInAgent(t.app, user.email, user.password);
    const { plainTextToken } = (await agent.post('/api/v1/access-tokens', { tokenName: 'x' })).json();
    await t.deps.db.updateTable('users').set({ banned_at: new Date() }).where('id', '=', user.id).execute();
    expect(
      (
        await t.app.inject({
          url: '/api/v1/user-sessions',
          headers: { authorization: `Bearer ${plainTextToken}` },
        })
      ).statusCode,
    ).toBe(403);
    expect((await agent.get('/api/v1/user-sessions')).statusCode).toBe(403);
  });
});
