import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createUserWithPassword } from '../../modules/auth/test-agent';
import { createTestApp, createTestUser, isEmbeddedTarget, type TestApp } from '../../test/test-app';
import { startTestReplicas, type TestReplica } from '../../test/test-replicas';
import { createAccessToken } from '../auth/session.service';
import { createRedisServices } from '../redis/redis-services';

/**
 * Two api replicas (each its own app, listener and Redis connections, one database and one Redis
 * key space, as behind a load balancer): an event raised on one reaches a socket on the other.
 */
let t: TestApp;
let replicas: TestReplica[] = [];
let closeReplicas: (() => Promise<void>) | undefined;

beforeAll(async () => {
  if (isEmbeddedTarget) return;
  t = await createTestApp();
  ({ replicas, close: closeReplicas } = await startTestReplicas(t));
}, 60_000);
afterAll(async () => {
  await closeReplicas?.();
  await t?.close();
});

type Opened = { ws: WebSocket; events: { type: string }[]; closeCode: () => number | null };

function openOn(url: string, cookie: string, headers: Record<string, string> = {}): Promise<Opened> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, {
      headers: cookie ? { cookie, origin: new URL(t.env.APP_URL).origin } : headers,
    });
    const events: { type: string }[] = [];
    let code: number | null = null;
    ws.on('message', (data) => events.push(JSON.parse(data.toString())));
    ws.once('close', (closed) => {
      code = closed;
    });
    ws.once('error', reject);
    ws.once('open', () => resolve({ ws, events, closeCode: () => code }));
  });
}

async function until(check: () => boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.skipIf(isEmbeddedTarget)('realtime across two replicas with Redis', () => {
  it("hears what is published right after a replica's first subscribe (its subscriber connects then)", async () => {
    const keyPrefix = `cadence_t_${randomBytes(6).toString('hex')}:`;
    const silent = { info: () => {}, warn: () => {}, error: () => {} };
    const fresh = await createRedisServices({
      url: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      keyPrefix,
      log: silent,
    });
    try {
      const heard: unknown[] = [];
      await fresh.pubsub.subscribe('first', (message) => heard.push(message));
      await fresh.pubsub.publish('first', { n: 1 });
      await until(() => heard.length === 1);
      expect(heard).toEqual([{ n: 1 }]);
    } finally {
      await fresh.close();
    }
  });

  it('delivers a notification raised on replica A to the socket on replica B, and only to its user', async () => {
    const [a, b] = replicas as [(typeof replicas)[0], (typeof replicas)[0]];
    const alice = await createTestUser(t.deps);
    const bob = await createTestUser(t.deps);
    const onB = await openOn(b.url, (await t.sessionCookie(alice)).cookie);
    const bobOnA = await openOn(a.url, (await t.sessionCookie(bob)).cookie);
    await until(
      () =>
        onB.events.some((e) => e.type === 'connected') && bobOnA.events.some((e) => e.type === 'connected'),
    );

    await a.app.services.notifications.notify(alice, 'system_error', {
      lines: [{ content: 'cross-replica' }],
    });
    await until(() => onB.events.some((e) => e.type === 'notification.created'));
    expect(b.app.services.realtime.localConnectionCount()).toBe(1);

    await b.app.services.realtime.emitToUsers([bob], { type: 'rooms.joined', room: 1 });
    await until(() => bobOnA.events.some((e) => e.type === 'rooms.joined'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(bobOnA.events.some((e) => e.type === 'notification.created')).toBe(false);
    expect(onB.events.some((e) => e.type === 'rooms.joined')).toBe(false);
    onB.ws.close();
    bobOnA.ws.close();
  });

  it("a password change on replica A closes the other session's and the token's sockets on replica B", async () => {
    const [a, b] = replicas as [(typeof replicas)[0], (typeof replicas)[0]];
    const user = await createUserWithPassword(t.deps);
    const here = await t.sessionCookie(user.id);
    const { plainTextToken } = await createAccessToken(t.deps.db, user.id, 'cli');
    const other = await openOn(b.url, (await t.sessionCookie(user.id)).cookie);
    const viaToken = await openOn(b.url, '', { authorization: `Bearer ${plainTextToken}` });
    const stays = await openOn(b.url, here.cookie);
    const sockets = [other, viaToken, stays];
    await until(() => sockets.every((socket) => socket.events.some((e) => e.type === 'connected')));

    const changed = await a.app.inject({
      method: 'PUT',
      url: '/auth/user/password',
      headers: { cookie: here.cookie, 'x-xsrf-token': here.xsrf },
      payload: {
        current_password: user.password,
        password: 'brand-new-password',
        password_confirmation: 'brand-new-password',
      },
    });
    expect(changed.statusCode).toBe(200);
    await until(() => other.closeCode() !== null && viaToken.closeCode() !== null);
    expect([other.closeCode(), viaToken.closeCode()]).toEqual([4401, 4401]);
    expect(other.events.some((e) => e.type === 'session.ended')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(stays.closeCode()).toBeNull();
    stays.ws.close();
  });
});
