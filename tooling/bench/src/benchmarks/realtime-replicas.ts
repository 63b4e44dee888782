import { performance } from 'node:perf_hooks';
import type WebSocket from 'ws';
import { alternate } from '../harness/alternate';
import type { TBenchmark, TContext } from '../harness/benchmark';
import { findSparePort, LOOPBACK } from '../harness/ports';
import { startServer, type TRunningServer } from '../harness/server-process';
import { apiTarget, prepareApiData } from '../harness/targets';
import { openSockets, post } from './realtime-fanout';

/**
 * Issue 15: fan-out across two api replicas through Redis. Both replicas share one PostgreSQL
 * database (sessions) and the local Redis (pub/sub). Ceiling: one user's N sockets all on replica
 * A, the event raised on A. Ours: another user's N sockets split over A and B, the event raised on
 * A and reaching B's half through Redis. A sample is the delivery rate of one event (sockets
 * reached per second, until the last one); goal: two replicas >= 0.5x one replica's rate.
 */
const XSRF = 'bench-replicas-xsrf';
const REDIS_URL = 'redis://127.0.0.1:6379';
const TIMEOUT_MS = 15_000;

const sizes = (context: TContext) =>
  context.mode.name === 'smoke' ? { sockets: 100, events: 2 } : { sockets: 2000, events: 5 };

type Group = { sockets: WebSocket[]; cookie: string; via: TRunningServer };

export async function session(server: TRunningServer, path: string, body: unknown): Promise<string> {
  const response = await post(
    `${server.baseUrl}${path}`,
    { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF },
    body,
  );
  const pair = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .find((cookie) => cookie?.startsWith('cadence_session='));
  if (!pair) throw new Error(`no session cookie from ${path}`);
  return `${pair}; XSRF-TOKEN=${XSRF}`;
}

const socketsOn = (server: TRunningServer, cookie: string, count: number) =>
  openSockets(
    `ws://${LOOPBACK}:${server.spec.port}/api/v1/realtime`,
    { cookie, origin: `http://localhost:${server.spec.port}` },
    count,
  );

/** Sockets reached per second by one `notifications.read` event raised on `via`. */
async function deliveryRate(group: Group): Promise<number> {
  let reached = 0;
  let last = 0;
  const started = performance.now();
  const done = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${reached}/${group.sockets.length} reached`)),
      TIMEOUT_MS,
    );
    for (const socket of group.sockets) {
      const onMessage = (data: WebSocket.RawData) => {
        if (!data.toString().includes('"type":"notifications.read"')) return;
        socket.off('message', onMessage);
        reached += 1;
        last = performance.now();
        if (reached === group.sockets.length) {
          clearTimeout(timer);
          resolve();
        }
      };
      socket.on('message', onMessage);
    }
  });
  await post(
    `${group.via.baseUrl}/api/v1/notifications/mark-as-read`,
    { cookie: group.cookie, 'x-xsrf-token': XSRF },
    { markAllAsUnread: true },
  );
  await done;
  return group.sockets.length / ((last - started) / 1000);
}

export const realtimeReplicas: TBenchmark = {
  name: 'realtime-replicas',
  expectedSeconds: { full: 90, smoke: 30 },
  unit: 'sockets reached/s',
  direction: 'ours-over-ceiling',
  goalRatio: 0.5,
  goalWords: 'two replicas through Redis >= 0.5x one replica',
  async run(context) {
    const { sockets, events } = sizes(context);
    const data = await prepareApiData(context.pinning, 'postgres');
    const servers: TRunningServer[] = [];
    const groups: Group[] = [];
    try {
      const target = apiTarget(data.dataDir, data.databaseUrl);
      for (let index = 0; index < 2; index += 1) {
        const spec = target.spec(await findSparePort());
        servers.push(
          await startServer(
            { ...spec, label: `api replica ${index + 1}`, env: { ...spec.env, REDIS_URL } },
            context.pinning,
            target.startTimeoutMs,
          ),
        );
      }
      const [a, b] = servers as [TRunningServer, TRunningServer];
      const admin = await session(a, '/auth/login', {
        email: a.spec.env.ADMIN_EMAIL,
        password: a.spec.env.ADMIN_PASSWORD,
        remember: false,
      });
      const password = 'bench-replicas-password';
      const listener = await session(a, '/auth/register', {
        email: `replicas-${Date.now()}@example.com`,
        password,
        password_confirmation: password,
      });
      const one: Group = { sockets: await socketsOn(a, admin, sockets), cookie: admin, via: a };
      const two: Group = {
        sockets: [
          ...(await socketsOn(a, listener, sockets / 2)),
          ...(await socketsOn(b, listener, sockets / 2)),
        ],
        cookie: listener,
        via: a,
      };
      groups.push(one, two);
      context.log(`realtime-replicas: ${sockets} sockets on one replica, ${sockets} over two`);
      await deliveryRate(one);
      await deliveryRate(two);
      const samples = await alternate(events, (side) => deliveryRate(side === 'ceiling' ? one : two));
      return { samples, details: { sockets, events, redis: REDIS_URL, database: 'postgres (shared)' } };
    } finally {
      for (const group of groups) for (const socket of group.sockets) socket.terminate();
      for (const server of servers) await server.stop();
      await data.dispose();
    }
  },
};
