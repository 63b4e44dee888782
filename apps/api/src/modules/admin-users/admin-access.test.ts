import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessToken } from '../../platform/auth/session.service';
import { createTestApp, createTestUser, type TestApp } from '../../test/test-app';

/**
 * Every admin endpoint of the admin kit, users, roles, overview, audit log and billing's webhook
 * events, called by everyone who is not an admin: 401 for a guest, 403 for a listener, an artist
 * and an api token without the permission. Nothing is changed by any of these calls.
 */
const ENDPOINTS: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; body?: object }[] = [
  { method: 'GET', url: '/api/v1/users' },
  { method: 'POST', url: '/api/v1/users', body: { email: 'x@example.com', password: 'a-long-password' } },
  { method: 'DELETE', url: '/api/v1/users', body: { ids: [1] } },
  { method: 'GET', url: '/api/v1/users/1/admin' },
  { method: 'DELETE', url: '/api/v1/users/1/sessions' },
  { method: 'DELETE', url: '/api/v1/users/1/two-factor' },
  { method: 'DELETE', url: '/api/v1/users/1/tokens/1' },
  { method: 'POST', url: '/api/v1/users/1/password-reset-link', body: {} },
  { method: 'PUT', url: '/api/v1/users/1', body: { name: 'x', roles: [1] } },
  { method: 'GET', url: '/api/v1/roles' },
  { method: 'GET', url: '/api/v1/roles/1' },
  { method: 'POST', url: '/api/v1/roles', body: { name: 'Hackers', permissions: [{ name: 'admin' }] } },
  { method: 'PUT', url: '/api/v1/roles/1', body: { name: 'Hackers', permissions: [{ name: 'admin' }] } },
  { method: 'DELETE', url: '/api/v1/roles', body: { ids: [1] } },
  { method: 'GET', url: '/api/v1/audit-log' },
  { method: 'GET', url: '/api/v1/admin/overview' },
  { method: 'GET', url: '/api/v1/billing/admin/webhook-events' },
  { method: 'GET', url: '/api/v1/billing/admin/webhook-events/1' },
  { method: 'POST', url: '/api/v1/billing/admin/webhook-events/retry', body: { ids: [1] } },
];

let t: TestApp;
const callers: Record<string, { headers: Record<string, string>; status: number }> = {};

beforeAll(async () => {
  t = await createTestApp();
  const session = async (userId: number) => {
    const { cookie, xsrf } = await t.sessionCookie(userId);
    return { cookie, 'x-xsrf-token': xsrf };
  };
  const listener = await createTestUser(t.deps);
  await t.deps.db
    .insertInto('user_role')
    .values({
      user_id: listener,
      role_id: (
        await t.deps.db.selectFrom('roles').select('id').where('name', '=', 'users').executeTakeFirstOrThrow()
      ).id,
    })
    .execute();
  const artist = await createTestUser(t.deps);
  for (const name of ['users', 'artists']) {
    const role = await t.deps.db
      .selectFrom('roles')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    await t.deps.db.insertInto('user_role').values({ user_id: artist, role_id: role.id }).execute();
  }
  const tokenOwner = await createTestUser(t.deps, { permissions: ['api.access'] });
  const { plainTextToken } = await createAccessToken(t.deps.db, tokenOwner, 'script');
  callers.guest = { headers: {}, status: 401 };
  callers.listener = { headers: await session(listener), status: 403 };
  callers.artist = { headers: await session(artist), status: 403 };
  callers['token without permission'] = {
    headers: { authorization: `Bearer ${plainTextToken}` },
    status: 403,
  };
});
afterAll(async () => t?.close());

describe('admin endpoints refuse everyone but admins', () => {
  for (const caller of ['guest', 'listener', 'artist', 'token without permission']) {
    for (const endpoint of ENDPOINTS) {
      it(`${caller}: ${endpoint.method} ${endpoint.url}`, async () => {
        const { headers, status } = callers[caller] as { headers: Record<string, string>; status: number };
        const res = await t.app.inject({
          method: endpoint.method,
          url: endpoint.url,
          headers,
          ...(endpoint.body ? { payload: endpoint.body } : {}),
        });
        // PUT users/{id} is everyone's own account route: on someone else's it is 403 for a user, 401 for a guest.
        expect(res.statusCode).toBe(status);
      });
    }
  }

  it('changed nothing', async () => {
    expect(await t.deps.db.selectFrom('roles').select('id').where('name', '=', 'Hackers').execute()).toEqual(
      [],
    );
    expect(
      await t.deps.db.selectFrom('users').select('id').where('email', '=', 'x@example.com').execute(),
    ).toEqual([]);
    expect(await t.deps.db.selectFrom('audit_log').select('id').execute()).toEqual([]);
  });
});
