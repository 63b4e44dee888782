import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveResetToken } from '../../modules/auth/password-resets.repository';
import { createUserWithPassword } from '../../modules/auth/test-agent';
import { closedWithin, openRealtimeSocket, type TestSocket } from '../../test/realtime-socket';
import { createTestApp, type TestApp } from '../../test/test-app';
import { SESSION_ENDED_CLOSE_CODE } from '../realtime/realtime-hub';
import { createAccessToken } from './session.service';
import { generateToken, hashToken } from './tokens';

/**
 * Credentials die with the password: after a change, a reset, logout-other or an admin's
 * "log out everywhere", what ended is refused over HTTP and its open sockets are told
 * (`session.ended`) and closed within a second. Real sockets against a listening app.
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

async function grant(userId: number, name: string) {
  const permission = await t.deps.db
    .selectFrom('permissions')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  await t.deps.db
    .insertInto('permissionables')
    .values({ permission_id: permission.id, permissionable_type: 'user', permissionable_id: userId })
    .execute();
}

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

/** Socket opened with a session (as a tab) or a token (as an API client), and connected. */
async function socketOf(credential: Session | string): Promise<TestSocket> {
  const headers = typeof credential === 'string' ? bearer(credential) : { cookie: credential.cookie, origin };
  const socket = await openRealtimeSocket(url, headers);
  await socket.next('connected');
  return socket;
}

/** A user with a password, three sessions and one token, each with a socket open before anything ends. */
async function signedInEverywhere() {
  const user = await createUserWithPassword(t.deps);
  const here = await t.sessionCookie(user.id);
  const other = await t.sessionCookie(user.id);
  const { plainTextToken: token } = await createAccessToken(t.deps.db, user.id, 'cli');
  const sockets = {
    here: await socketOf(here),
    other: await socketOf(other),
    token: await socketOf(token),
  };
  return { user, here, other, token, sockets };
}

/** The socket heard `session.ended` and was closed with the "do not reconnect" code within a second. */
async function expectEnded(socket: TestSocket) {
  expect(await closedWithin(socket, 1_000)).toBe(SESSION_ENDED_CLOSE_CODE);
  expect(socket.events.some((event) => event.type === 'session.ended')).toBe(true);
}

async function expectStillHears(socket: TestSocket, userId: number) {
  expect(await closedWithin(socket, 200)).toBe('open');
  await t.app.services.realtime.emitToUsers([userId], { type: 'comments.created', trackId: 7 });
  expect(await socket.next('comments.created')).toEqual({ type: 'comments.created', trackId: 7 });
}

describe('a password change', () => {
  it('closes the other sessions’ sockets within a second and, by default, revokes API tokens', async () => {
    const { user, here, other, token, sockets } = await signedInEverywhere();
    const changed = await send('PUT', '/auth/user/password', here, {
      current_password: user.password,
      password: 'brand-new-password',
      password_confirmation: 'brand-new-password',
    });
    expect(changed.statusCode).toBe(200);
    await Promise.all([expectEnded(sockets.other), expectEnded(sockets.token)]);
    expect(await meWith({ cookie: other.cookie })).toBe(401);
    expect(await meWith(bearer(token))).toBe(401);
    // This device stays signed in, its socket open.
    expect(await meWith({ cookie: here.cookie })).toBe(200);
    await expectStillHears(sockets.here, user.id);
    sockets.here.ws.close();
  });

  it('keeps the API tokens and their sockets with revoke_tokens: false', async () => {
    const { user, here, other, token, sockets } = await signedInEverywhere();
    const changed = await send('PUT', '/auth/user/password', here, {
      current_password: user.password,
      password: 'brand-new-password',
      password_confirmation: 'brand-new-password',
      revoke_tokens: false,
    });
    expect(changed.statusCode).toBe(200);
    await expectEnded(sockets.other);
    expect(await meWith({ cookie: other.cookie })).toBe(401);
    expect(await meWith(bearer(token))).toBe(200);
    await expectStillHears(sockets.token, user.id);
    for (const socket of [sockets.here, sockets.token]) socket.ws.close();
  });

  it('is refused (422) with a wrong current password, and nothing ends', async () => {
    const { here, other, token, sockets } = await signedInEverywhere();
    const wrong = await send('PUT', '/auth/user/password', here, {
      current_password: 'not-the-password',
      password: 'brand-new-password',
      password_confirmation: 'brand-new-password',
    });
    expect(wrong.statusCode).toBe(422);
    expect(await closedWithin(sockets.other, 300)).toBe('open');
    expect(await meWith({ cookie: other.cookie })).toBe(200);
    expect(await meWith(bearer(token))).toBe(200);
    for (const socket of Object.values(sockets)) socket.ws.close();
  });
});

describe('a bearer token', () => {
  it('cannot change the password or mint tokens (403, with why), even with the current password', async () => {
    const user = await createUserWithPassword(t.deps);
    await grant(user.id, 'api.access');
    const { plainTextToken: token } = await createAccessToken(t.deps.db, user.id, 'leaked');
    const change = await t.app.inject({
      method: 'PUT',
      url: '/auth/user/password',
      headers: bearer(token),
      payload: {
        current_password: user.password,
        password: 'attacker-password',
        password_confirmation: 'attacker-password',
      },
    });
    expect(change.statusCode).toBe(403);
    expect(change.json().message).toBe(
      'An API token cannot change the password: sign in with your password to change it.',
    );
    const mint = await t.app.inject({
      method: 'POST',
      url: '/api/v1/access-tokens',
      headers: bearer(token),
      payload: { tokenName: 'another' },
    });
    expect(mint.statusCode).toBe(403);
    expect(mint.json().message).toBe(
      'An API token cannot create API tokens: sign in with your password to create one.',
    );
    const tokens = await t.deps.db
      .selectFrom('personal_access_tokens')
      .select('name')
      .where('user_id', '=', user.id)
      .execute();
    expect(tokens).toEqual([{ name: 'leaked' }]);
    // A signed-in browser still does both.
    const session = await t.sessionCookie(user.id);
    expect((await send('POST', '/api/v1/access-tokens', session, { tokenName: 'ci' })).statusCode).toBe(200);
  });
});

describe('a password reset', () => {
  it('ends every session, socket and token, the ones made before it included', async () => {
    const { user, here, other, token, sockets } = await signedInEverywhere();
    const resetToken = generateToken();
    await saveResetToken(t.deps.db, {
      user_id: user.id,
      token_hash: hashToken(resetToken),
      expires_at: new Date(Date.now() + 60_000),
    });
    const reset = await t.app.inject({
      method: 'POST',
      url: '/auth/reset-password',
      payload: {
        token: resetToken,
        email: user.email,
        password: 'brand-new-password',
        password_confirmation: 'brand-new-password',
      },
    });
    expect(reset.json()).toEqual({ message: 'Your password has been reset!' });
    await Promise.all(Object.values(sockets).map(expectEnded));
    for (const session of [here, other]) expect(await meWith({ cookie: session.cookie })).toBe(401);
    expect(await meWith(bearer(token))).toBe(401);
    await expect(socketOf(token)).rejects.toThrow('refused 401');
  });
});

describe("an admin's log out everywhere", () => {
  it('ends every session, socket and token of the user', async () => {
    const { here, other, token, user, sockets } = await signedInEverywhere();
    const admin = await createUserWithPassword(t.deps);
    await grant(admin.id, 'users.update');
    const res = await send('DELETE', `/api/v1/users/${user.id}/sessions`, await t.sessionCookie(admin.id));
    expect(res.json()).toEqual({ message: 'Logged out everywhere.' });
    await Promise.all(Object.values(sockets).map(expectEnded));
    for (const session of [here, other]) expect(await meWith({ cookie: session.cookie })).toBe(401);
    expect(await meWith(bearer(token))).toBe(401);
  });
});

describe('logout-other', () => {
  it('ends the other sessions, their sockets and the API tokens; this session stays', async () => {
    const { user, here, other, token, sockets } = await signedInEverywhere();
    const res = await send('POST', '/api/v1/user-sessions/logout-other', here, { password: user.password });
    expect(res.json()).toEqual({ message: 'Logged out other sessions.' });
    await Promise.all([expectEnded(sockets.other), expectEnded(sockets.token)]);
    expect(await meWith({ cookie: other.cookie })).toBe(401);
    expect(await meWith(bearer(token))).toBe(401);
    expect(await meWith({ cookie: here.cookie })).toBe(200);
    await expectStillHears(sockets.here, user.id);
    sockets.here.ws.close();
  });

  it('called with a token, keeps that token and ends every session', async () => {
    const { user, here, token, sockets } = await signedInEverywhere();
    const { plainTextToken: spare } = await createAccessToken(t.deps.db, user.id, 'spare');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user-sessions/logout-other',
      headers: bearer(token),
      payload: { password: user.password },
    });
    expect(res.statusCode).toBe(200);
    await Promise.all([expectEnded(sockets.here), expectEnded(sockets.other)]);
    expect(await meWith({ cookie: here.cookie })).toBe(401);
    expect(await meWith(bearer(spare))).toBe(401);
    expect(await meWith(bearer(token))).toBe(200);
    await expectStillHears(sockets.token, user.id);
    sockets.token.ws.close();
  });
});

describe('deleting one token', () => {
  it("closes that token's sockets (the user's own delete and an admin's revoke), and only those", async () => {
    const { user, here, token, sockets } = await signedInEverywhere();
    const { id: secondId, plainTextToken: second } = await createAccessToken(t.deps.db, user.id, 'second');
    const secondSocket = await socketOf(second);
    const tokenId = Number(token.split('|')[0]);
    const own = await send('DELETE', `/api/v1/access-tokens/${tokenId}`, here);
    expect(own.json()).toEqual({ message: 'Token deleted' });
    await expectEnded(sockets.token);
    expect(await closedWithin(secondSocket, 200)).toBe('open');

    const admin = await createUserWithPassword(t.deps);
    await grant(admin.id, 'users.update');
    const revoked = await send(
      'DELETE',
      `/api/v1/users/${user.id}/tokens/${secondId}`,
      await t.sessionCookie(admin.id),
    );
    expect(revoked.json()).toEqual({ message: 'Token deleted' });
    await expectEnded(secondSocket);
    await expectStillHears(sockets.here, user.id);
    await expectStillHears(sockets.other, user.id);
    for (const socket of [sockets.here, sockets.other]) socket.ws.close();
  });
});

describe('a socket whose session ended while it was being opened', () => {
  it('is told and closed once attached (the revocation it missed is read from the database)', async () => {
    const user = await createUserWithPassword(t.deps);
    const session = await t.sessionCookie(user.id);
    // The session is cached (as by an earlier request), then its row goes without any announcement:
    // the upgrade still passes the sign-in check, as it would when racing a revocation.
    expect(await meWith({ cookie: session.cookie })).toBe(200);
    const sessionId = hashToken(session.cookie.split(';')[0]?.split('=')[1] ?? '');
    await t.deps.db.deleteFrom('sessions').where('id', '=', sessionId).execute();
    const socket = await openRealtimeSocket(url, { cookie: session.cookie, origin });
    await expectEnded(socket);
  });
});
