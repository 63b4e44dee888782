import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessToken } from '../../platform/auth/session.service';
import { SESSION_ENDED_CLOSE_CODE } from '../../platform/realtime/realtime-hub';
import { closedWithin, openRealtimeSocket, type TestSocket } from '../../test/realtime-socket';
import { createTestApp, createTestUser, type TestApp } from '../../test/test-app';
import { createUserWithPassword } from '../auth/test-agent';

/**
 * A ban and a deletion (an admin's, or the user's own) end every way in at once: sessions,
 * tokens and the sockets opened with them before. And a bearer token cannot confirm the
 * password, so it cannot reach confirmed-only acts such as deleting the account.
 */
let t: TestApp;
let url: string;
let origin: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v1/realtime`;
  origin = new URL(t.env.APP_URL).origin;
}, 60_000);
afterAll(async () => t?.close());

type Session = { cookie: string; xsrf: string };

function send(method: string, path: string, session: Session, payload?: object) {
  return t.app.inject({
    method: method as 'POST',
    url: path,
    headers: { cookie: session.cookie, 'x-xsrf-token': session.xsrf },
    ...(payload ? { payload } : {}),
  });
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const meWith = async (headers: Record<string, string>) =>
  (await t.app.inject({ url: '/api/v1/users/me', headers })).statusCode;

async function socketOf(credential: Session | string): Promise<TestSocket> {
  const headers = typeof credential === 'string' ? bearer(credential) : { cookie: credential.cookie, origin };
  const socket = await openRealtimeSocket(url, headers);
  await socket.next('connected');
  return socket;
}

async function signedInEverywhere() {
  const user = await createUserWithPassword(t.deps);
  const here = await t.sessionCookie(user.id);
  const other = await t.sessionCookie(user.id);
  const { plainTextToken: token } = await createAccessToken(t.deps.db, user.id, 'cli');
  const sockets = { here: await socketOf(here), other: await socketOf(other), token: await socketOf(token) };
  return { user, here, other, token, sockets };
}

async function expectAllEnded({
  here,
  other,
  token,
  sockets,
}: Awaited<ReturnType<typeof signedInEverywhere>>) {
  for (const socket of Object.values(sockets)) {
    expect(await closedWithin(socket, 1_000)).toBe(SESSION_ENDED_CLOSE_CODE);
    expect(socket.events.some((event) => event.type === 'session.ended')).toBe(true);
  }
  for (const session of [here, other]) expect(await meWith({ cookie: session.cookie })).toBe(401);
  expect(await meWith(bearer(token))).toBe(401);
}

const adminSession = async (...permissions: string[]) =>
  t.sessionCookie(await createTestUser(t.deps, { permissions }));

describe('a ban', () => {
  it('ends every token and closes every socket at once; the sessions see only the suspended screen', async () => {
    const { user, here, other, token, sockets } = await signedInEverywhere();
    const admin = await adminSession('users.update', 'users.view');
    const banned = await send('PUT', `/api/v1/users/${user.id}`, admin, {
      banned_at: new Date().toISOString(),
      ban_reason: 'spam',
    });
    expect(banned.statusCode).toBe(200);
    for (const socket of Object.values(sockets)) {
      expect(await closedWithin(socket, 1_000)).toBe(SESSION_ENDED_CLOSE_CODE);
      expect(socket.events.some((event) => event.type === 'session.ended')).toBe(true);
    }
    expect(await meWith(bearer(token))).toBe(401);
    const left = await t.deps.db
      .selectFrom('personal_access_tokens')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(left).toEqual([]);
    // Spec 2: a banned user's browser shows the suspended screen (bootstrap data and logout only).
    for (const session of [here, other]) {
      const refused = await t.app.inject({ url: '/api/v1/users/me', headers: { cookie: session.cookie } });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('This account has been suspended.');
    }
    await expect(socketOf(here)).rejects.toThrow('refused 403');
  });
});

describe('deleting a user', () => {
  it("by an admin (users/{id}) ends the user's sessions, tokens and sockets", async () => {
    const target = await signedInEverywhere();
    const admin = await adminSession('users.delete');
    const deleted = await send('DELETE', `/api/v1/users/${target.user.id}`, admin);
    expect(deleted.json()).toEqual({ message: 'Account deleted' });
    await expectAllEnded(target);
  });

  it('by an admin in bulk (users) ends every deleted user’s sessions, tokens and sockets', async () => {
    const [first, second] = [await signedInEverywhere(), await signedInEverywhere()];
    const admin = await adminSession('users.delete');
    const deleted = await send('DELETE', '/api/v1/users', admin, { ids: [first.user.id, second.user.id] });
    expect(deleted.json()).toEqual({ message: 'Deleted users', deleted: 2 });
    await Promise.all([expectAllEnded(first), expectAllEnded(second)]);
  });

  it('by the user themselves ends every session, token and socket, this one included', async () => {
    const target = await signedInEverywhere();
    const confirmed = await send('POST', '/auth/user/confirm-password', target.here, {
      password: target.user.password,
    });
    expect(confirmed.json()).toEqual({ confirmed: true });
    const deleted = await send(
      'DELETE',
      `/api/v1/users/${target.user.id}?deleteCurrentUser=true`,
      target.here,
    );
    expect(deleted.json()).toEqual({ message: 'Account deleted' });
    await expectAllEnded(target);
  });
});

describe('a bearer token', () => {
  it('cannot confirm the password (403, with why), so it cannot delete the account', async () => {
    const user = await createUserWithPassword(t.deps);
    const { plainTextToken: token } = await createAccessToken(t.deps.db, user.id, 'leaked');
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/auth/user/confirm-password',
      headers: bearer(token),
      payload: { password: user.password },
    });
    expect(confirm.statusCode).toBe(403);
    expect(confirm.json().message).toBe(
      'An API token cannot confirm the password: sign in with your password to confirm it.',
    );
    // A confirmation recorded on the token before this fix counts for nothing either.
    await t.deps.db
      .updateTable('personal_access_tokens')
      .set({ password_confirmed_at: new Date() })
      .where('user_id', '=', user.id)
      .execute();
    const status = await t.app.inject({
      url: '/auth/user/confirmed-password-status',
      headers: bearer(token),
    });
    expect(status.json()).toEqual({ confirmed: false });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/users/${user.id}?deleteCurrentUser=true`,
      headers: bearer(token),
    });
    expect(deleted.statusCode).toBe(423);
    expect(await meWith(bearer(token))).toBe(200);
    // A signed-in browser still confirms.
    const session = await t.sessionCookie(user.id);
    const ok = await send('POST', '/auth/user/confirm-password', session, { password: user.password });
    expect(ok.json()).toEqual({ confirmed: true });
  });
});
