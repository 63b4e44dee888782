import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agent,
  createAgent,
  createUserWithPassword,
  loggedInAgent,
} from '../../modules/auth/test-agent';
import { createTestApp, type TestApp } from '../../test/test-app';
import { SESSION_COOKIE } from '../http/csrf';
import { cacheSession, readCachedSession, sessionCacheKey } from './session-cache';
import { hashToken } from './tokens';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

function sessionIdOf(agent: Agent): string {
  const token = agent.jar.get(SESSION_COOKIE);
  if (!token) throw new Error('agent has no session cookie');
  return hashToken(token);
}

/** A second client replaying the same session cookie (what a stolen cookie would do). */
function replay(agent: Agent): Agent {
  const copy = createAgent(t.app);
  for (const [name, value] of agent.jar) copy.jar.set(name, value);
  return copy;
}

async function grant(userId: number, permission: string) {
  const { id } = await t.deps.db
    .selectFrom('permissions')
    .select('id')
    .where('name', '=', permission)
    .executeTakeFirstOrThrow();
  await t.deps.db
    .insertInto('permissionables')
    .values({ permission_id: id, permissionable_type: 'user', permissionable_id: userId })
    .execute();
}

async function warm(agent: Agent) {
  expect((await agent.get('/api/v1/users/me')).statusCode).toBe(200);
  expect(await t.deps.cache.get(sessionCacheKey(sessionIdOf(agent)))).toBeDefined();
}

describe('sessions cached in the shared cache', () => {
  it('serves a warm session from the cache (a row deleted behind the app stays valid until the TTL)', async () => {
    const user = await createUserWithPassword(t.deps);
    const agent = await loggedInAgent(t.app, user.email, user.password);
    await warm(agent);
    // Bypasses the app on purpose: proves requests read the cache, not PostgreSQL, for the session.
    await t.deps.db.deleteFrom('sessions').where('id', '=', sessionIdOf(agent)).execute();
    expect((await agent.get('/api/v1/users/me')).statusCode).toBe(200);
    await t.deps.cache.delete(sessionCacheKey(sessionIdOf(agent)));
    expect((await agent.get('/api/v1/users/me')).statusCode).toBe(401);
  });

  it('a logged-out session stops working at once', async () => {
    const user = await createUserWithPassword(t.deps);
    const agent = await loggedInAgent(t.app, user.email, user.password);
    await warm(agent);
    const stolen = replay(agent);
    expect((await agent.post('/auth/logout')).statusCode).toBe(200);
    expect(await readCachedSession(t.deps.cache, sessionIdOf(stolen))).toBe('revoked');
    expect((await stolen.get('/api/v1/users/me')).statusCode).toBe(401);
  });

  it('a request that read the session just before the logout cannot cache it again', async () => {
    const user = await createUserWithPassword(t.deps);
    const agent = await loggedInAgent(t.app, user.email, user.password);
    const sessionId = sessionIdOf(agent);
    const stolen = replay(agent);
    // What a racing request read from the database a moment before the logout deleted the row.
    const row = await t.deps.db
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect((await agent.post('/auth/logout')).statusCode).toBe(200);
    await cacheSession(t.deps.cache, sessionId, {
      userId: row.user_id,
      expiresAt: row.expires_at.getTime(),
      lastActive: Date.now(),
    });
    expect(await readCachedSession(t.deps.cache, sessionId)).toBe('revoked');
    expect((await stolen.get('/api/v1/users/me')).statusCode).toBe(401);
  });

  it('logout-other and a password change end the other warm sessions at once, not this one', async () => {
    const user = await createUserWithPassword(t.deps);
    const here = await loggedInAgent(t.app, user.email, user.password);
    const other = await loggedInAgent(t.app, user.email, user.password);
    await warm(here);
    await warm(other);
    const logoutOther = await here.post('/api/v1/user-sessions/logout-other', { password: user.password });
    expect(logoutOther.statusCode).toBe(200);
    expect((await other.get('/api/v1/users/me')).statusCode).toBe(401);
    expect((await here.get('/api/v1/users/me')).statusCode).toBe(200);

    const third = await loggedInAgent(t.app, user.email, user.password);
    await warm(third);
    const changed = await here.put('/auth/user/password', {
      current_password: user.password,
      password: 'another-horse-battery',
      password_confirmation: 'another-horse-battery',
    });
    expect(changed.statusCode).toBe(200);
    expect((await third.get('/api/v1/users/me')).statusCode).toBe(401);
    expect((await here.get('/api/v1/users/me')).statusCode).toBe(200);
  });

  it('a banned or deleted user is locked out at once; only admins ban, never themselves', async () => {
    const admin = await createUserWithPassword(t.deps);
    await grant(admin.id, 'users.update');
    await grant(admin.id, 'users.delete');
    const adminAgent = await loggedInAgent(t.app, admin.email, admin.password);
    const user = await createUserWithPassword(t.deps);
    const userAgent = await loggedInAgent(t.app, user.email, user.password);
    await warm(userAgent);

    const bannedAt = new Date().toISOString();
    expect((await userAgent.put(`/api/v1/users/${user.id}`, { banned_at: null })).statusCode).toBe(403);
    expect((await userAgent.put(`/api/v1/users/${admin.id}`, { banned_at: bannedAt })).statusCode).toBe(403);
    expect((await adminAgent.put(`/api/v1/users/${admin.id}`, { banned_at: bannedAt })).statusCode).toBe(403);
    expect((await adminAgent.put(`/api/v1/users/${user.id}`, { banned_at: 'yesterday' })).statusCode).toBe(
      422,
    );

    const ban = await adminAgent.put(`/api/v1/users/${user.id}`, { banned_at: bannedAt });
    expect(ban.statusCode).toBe(200);
    expect(ban.json().user.banned_at).not.toBeNull();
    const blocked = await userAgent.get('/api/v1/users/me');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe('This account has been suspended.');
    // The suspended screen still gets its bootstrap data (with the banned user in it).
    const bootstrap = await userAgent.get('/api/v1/bootstrap-data');
    expect(bootstrap.statusCode).toBe(200);
    expect(bootstrap.json().bootstrapData.user.banned_at).not.toBeNull();

    expect((await adminAgent.put(`/api/v1/users/${user.id}`, { banned_at: null })).statusCode).toBe(200);
    expect((await userAgent.get('/api/v1/users/me')).statusCode).toBe(200);

    await warm(userAgent);
    expect((await adminAgent.delete(`/api/v1/users/${user.id}`)).statusCode).toBe(200);
    expect(await readCachedSession(t.deps.cache, sessionIdOf(userAgent))).toBe('revoked');
    expect((await userAgent.get('/api/v1/users/me')).statusCode).toBe(401);
  });
});
