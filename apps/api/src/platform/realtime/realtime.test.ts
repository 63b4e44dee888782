import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, createTestUser, type TestApp } from '../../test/test-app';
import { createAccessToken } from '../auth/session.service';

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

type Socket = {
  ws: WebSocket;
  events: Record<string, unknown>[];
  next: (type: string) => Promise<Record<string, unknown>>;
};

function open(headers: Record<string, string>): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    const events: Record<string, unknown>[] = [];
    const waiters: (() => void)[] = [];
    ws.on('message', (data) => {
      events.push(JSON.parse(data.toString()));
      for (const wake of waiters.splice(0)) wake();
    });
    const next = async (type: string) => {
      const deadline = Date.now() + 3_000;
      for (;;) {
        const found = events.find((event) => event.type === type);
        if (found) {
          events.splice(events.indexOf(found), 1);
          return found;
        }
        if (Date.now() > deadline) throw new Error(`no ${type} event`);
        await new Promise<void>((wake) => {
          waiters.push(wake);
          setTimeout(wake, 100);
        });
      }
    };
    ws.once('unexpected-response', (req, res) => {
      // With this listener ws leaves the refused request open: end it like a browser would.
      req.destroy();
      reject(new Error(`refused ${res.statusCode}`));
    });
    ws.once('error', reject);
    ws.once('open', () => resolve({ ws, events, next }));
  });
}

async function sessionHeaders(userId: number) {
  const { cookie } = await t.sessionCookie(userId);
  return { cookie, origin };
}

describe('the realtime socket', () => {
  it('refuses a socket without a session (401) and from another origin (403)', async () => {
    await expect(open({ origin })).rejects.toThrow('refused 401');
    const userId = await createTestUser(t.deps);
    const { cookie } = await t.sessionCookie(userId);
    await expect(open({ cookie, origin: 'https://evil.example' })).rejects.toThrow('refused 403');
    await expect(open({ cookie })).rejects.toThrow('refused 403');
  });

  it('accepts a bearer token without an origin (API clients)', async () => {
    const userId = await createTestUser(t.deps);
    const { plainTextToken } = await createAccessToken(t.deps.db, userId, 'cli');
    const socket = await open({ authorization: `Bearer ${plainTextToken}` });
    expect(await socket.next('connected')).toEqual({ type: 'connected', unreadCount: 0 });
    socket.ws.close();
  });

  it("delivers a user's events to each of their tabs and never to another user", async () => {
    const alice = await createTestUser(t.deps);
    const bob = await createTestUser(t.deps);
    const [tab1, tab2, bobTab] = await Promise.all([
      open(await sessionHeaders(alice)),
      open(await sessionHeaders(alice)),
      open(await sessionHeaders(bob)),
    ]);
    for (const socket of [tab1, tab2, bobTab]) await socket.next('connected');

    const notification = await t.app.services.notifications.notify(alice, 'system_error', {
      lines: [{ content: 'Something went wrong' }],
    });
    const [a, b] = await Promise.all([tab1.next('notification.created'), tab2.next('notification.created')]);
    expect(a).toMatchObject({ unreadCount: 1, notification: { id: notification?.id, type: 'system_error' } });
    expect(b).toEqual(a);

    await t.app.services.realtime.emitToUsers([bob], { type: 'comments.created', trackId: 1 });
    expect(await bobTab.next('comments.created')).toEqual({ type: 'comments.created', trackId: 1 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Alice's tabs heard nothing of Bob's event, Bob's tab nothing of Alice's.
    expect(bobTab.events.filter((event) => event.type === 'notification.created')).toHaveLength(0);
    expect(
      [...tab1.events, ...tab2.events].filter((event) => event.type === 'comments.created'),
    ).toHaveLength(0);

    const { cookie, xsrf } = await t.sessionCookie(alice);
    const marked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/notifications/mark-as-read',
      headers: { cookie, 'x-xsrf-token': xsrf },
      payload: { markAllAsUnread: true },
    });
    expect(marked.json()).toEqual({ unreadCount: 0 });
    expect(await tab1.next('notifications.read')).toEqual({ type: 'notifications.read', unreadCount: 0 });
    expect(await tab2.next('notifications.read')).toEqual({ type: 'notifications.read', unreadCount: 0 });

    for (const socket of [tab1, tab2, bobTab]) socket.ws.close();
  });

  it("closes a session's sockets (every tab) when it logs out; other sessions stay connected", async () => {
    const userId = await createTestUser(t.deps);
    const { cookie, xsrf } = await t.sessionCookie(userId);
    const other = await sessionHeaders(userId);
    const [tab1, tab2, elsewhere] = await Promise.all([
      open({ cookie, origin }),
      open({ cookie, origin }),
      open(other),
    ]);
    for (const socket of [tab1, tab2, elsewhere]) await socket.next('connected');
    const closed = (socket: Socket) =>
      new Promise<number>((resolve) => socket.ws.once('close', (code) => resolve(code)));
    const closes = [closed(tab1), closed(tab2)];

    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { cookie, 'x-xsrf-token': xsrf },
    });
    expect(res.statusCode).toBe(200);
    expect(await tab1.next('session.ended')).toEqual({ type: 'session.ended' });
    expect(await Promise.all(closes)).toEqual([4401, 4401]);
    // The logged-out session cannot open a new one.
    await expect(open({ cookie, origin })).rejects.toThrow('refused 401');
    // The user's other session keeps its socket and still hears events.
    await t.app.services.realtime.emitToUsers([userId], { type: 'comments.created', trackId: 2 });
    expect(await elsewhere.next('comments.created')).toEqual({ type: 'comments.created', trackId: 2 });
    expect(elsewhere.events.some((event) => event.type === 'session.ended')).toBe(false);
    elsewhere.ws.close();
  });

  it('answers the tab heartbeat probe and counts open sockets', async () => {
    const userId = await createTestUser(t.deps);
    const socket = await open(await sessionHeaders(userId));
    await socket.next('connected');
    const before = t.app.services.realtime.localConnectionCount();
    expect(before).toBeGreaterThanOrEqual(1);
    socket.ws.send('{"type":"ping"}');
    expect(await socket.next('pong')).toEqual({ type: 'pong' });
    socket.ws.close();
    await new Promise((resolve) => socket.ws.once('close', resolve));
    // Every socket of this file is closed by now: the hub forgets them all.
    for (let i = 0; i < 40 && t.app.services.realtime.localConnectionCount() > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(t.app.services.realtime.localConnectionCount()).toBe(0);
  });

  it('refuses sockets while realtime is turned off in settings', async () => {
    await t.app.services.settings.save({ client: { 'realtime.enable': false } });
    const userId = await createTestUser(t.deps);
    await expect(open(await sessionHeaders(userId))).rejects.toThrow('refused 503');
    await t.app.services.settings.save({ client: { 'realtime.enable': true } });
  });
});
