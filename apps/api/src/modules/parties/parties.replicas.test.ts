import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, isEmbeddedTarget, type TestApp } from '../../test/test-app';
import { startTestReplicas, type TestReplica } from '../../test/test-replicas';
import { actor, insertArtist, insertTrack } from '../catalogue/catalogue.test-helper';

/** Two replicas on one database and Redis: a host's control on A reaches a member's socket on B. */
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

type Event = { type: string; [key: string]: unknown };

function openOn(url: string, cookie: string) {
  return new Promise<{ ws: WebSocket; next: (match: (event: Event) => boolean) => Promise<Event> }>(
    (resolve, reject) => {
      const ws = new WebSocket(url, { headers: { cookie, origin: new URL(t.env.APP_URL).origin } });
      const events: Event[] = [];
      ws.on('message', (data) => events.push(JSON.parse(data.toString())));
      const next = async (match: (event: Event) => boolean) => {
        const deadline = Date.now() + 3_000;
        for (;;) {
          const found = events.find(match);
          if (found) {
            events.splice(events.indexOf(found), 1);
            return found;
          }
          if (Date.now() > deadline) throw new Error('no such event');
          await new Promise((wake) => setTimeout(wake, 10));
        }
      };
      ws.once('error', reject);
      ws.once('open', () => resolve({ ws, next }));
    },
  );
}

describe.skipIf(isEmbeddedTarget)('parties across two replicas', () => {
  it('delivers a control made on replica A to a member connected to replica B, and answers clock probes', async () => {
    const [a, b] = replicas as [(typeof replicas)[0], (typeof replicas)[0]];
    const host = await actor(t);
    const member = await actor(t);
    const artistId = await insertArtist(t, 'Replica Artist');
    const trackId = await insertTrack(t, { name: 'Replica Song', artistId });
    const created = await a.app.inject({
      method: 'POST',
      url: '/api/v1/parties',
      headers: host.headers,
      payload: { source: { type: 'queue', track_ids: [trackId] } },
    });
    const { code, revision } = created.json().party;
    await b.app.inject({ method: 'POST', url: `/api/v1/parties/${code}/join`, headers: member.headers });

    const socket = await openOn(b.url, member.headers.cookie as string);
    await socket.next((event) => event.type === 'connected');
    const sentAt = Date.now();
    socket.ws.send(JSON.stringify({ type: 'time', id: 7 }));
    const time = await socket.next((event) => event.type === 'time');
    expect(time.id).toBe(7);
    expect(time.server).toBeGreaterThanOrEqual(sentAt - 5);
    expect(time.server).toBeLessThanOrEqual(Date.now() + 5);

    const played = await a.app.inject({
      method: 'POST',
      url: `/api/v1/parties/${code}/control`,
      headers: host.headers,
      payload: { action: 'play', revision },
    });
    expect(played.statusCode).toBe(200);
    const state = await socket.next((event) => event.type === 'party.state' && event.code === code);
    expect(state.revision).toBe(revision + 1);
    expect(state.timeline).toEqual(played.json().party.timeline);
    expect(JSON.stringify(state)).not.toContain('Replica Song');
    socket.ws.close();
  });
});
