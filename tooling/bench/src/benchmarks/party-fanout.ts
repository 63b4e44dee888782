import type WebSocket from 'ws';
import { alternate } from '../harness/alternate';
import type { TBenchmark, TContext } from '../harness/benchmark';
import { findSparePort, LOOPBACK } from '../harness/ports';
import { startServer, type TRunningServer } from '../harness/server-process';
import { median } from '../harness/stats';
import { apiTarget, prepareApiData } from '../harness/targets';
import { closeSide, measureBroadcast, openSockets, post, type Side, startCeiling } from './realtime-fanout';
import { session } from './realtime-replicas';

/**
 * Issue 38: one listening party, its listeners' sockets split over two api replicas (shared
 * PostgreSQL, Redis pub/sub). Ours: the host's play/pause on replica A (`POST parties/:code/
 * control`, which locks the party row, bumps its revision and publishes `party.state` to every
 * member) until each socket on A and B has the event. Ceiling: a bare `ws` server broadcasting
 * one JSON to the same number of sockets. A sample is the p95 of one event's delivery times.
 * Listeners are a few users with many tabs each: N sign-ups (argon2 each) would dominate the run.
 */
const XSRF = 'bench-replicas-xsrf';
const REDIS_URL = 'redis://127.0.0.1:6379';

/** The api lets one address register 10 accounts a minute (auth/register.ts); the run stays under it. */
const REGISTRATIONS_PER_MINUTE = 10;

const sizes = (context: TContext) =>
  context.mode.name === 'smoke'
    ? { listeners: 60, users: 3, events: 2 }
    : { listeners: 1000, users: REGISTRATIONS_PER_MINUTE, events: 5 };

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

export const partyFanout: TBenchmark = {
  name: 'party-fanout',
  expectedSeconds: { full: 120, smoke: 40 },
  unit: 'ms (p95 delivery)',
  direction: 'ceiling-over-ours',
  goalRatio: 0.5,
  goalWords: 'ours >= 0.5x a bare ws broadcast; issue 38 also asks p95 <= 100 ms (see details)',
  async run(context) {
    const { listeners, users, events } = sizes(context);
    const data = await prepareApiData(context.pinning, 'postgres');
    const servers: TRunningServer[] = [];
    const sockets: WebSocket[] = [];
    let ceiling: Side | null = null;
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
      const host = await session(a, '/auth/login', {
        email: a.spec.env.ADMIN_EMAIL,
        password: a.spec.env.ADMIN_PASSWORD,
        remember: false,
      });
      const hostHeaders = { cookie: host, 'x-xsrf-token': XSRF };
      const created = await json<{ party: { code: string; revision: number } }>(
        await post(`${a.baseUrl}/api/v1/parties`, hostHeaders, {
          source: { type: 'queue', track_ids: [1, 2] },
        }),
      );
      const { code } = created.party;
      let revision = created.party.revision;
      let isPlaying = false;

      const perUser = Math.ceil(listeners / users);
      for (let index = 0; index < users; index += 1) {
        const password = 'bench-party-password';
        const cookie = await session(b, '/auth/register', {
          email: `party-${Date.now()}-${index}@example.com`,
          password,
          password_confirmation: password,
        });
        await post(`${b.baseUrl}/api/v1/parties/${code}/join`, { cookie, 'x-xsrf-token': XSRF }, {});
        const count = Math.min(perUser, listeners - sockets.length);
        // Half of every listener's tabs on each replica.
        for (const [server, share] of [
          [a, Math.floor(count / 2)],
          [b, count - Math.floor(count / 2)],
        ] as const) {
          sockets.push(
            ...(await openSockets(
              `ws://${LOOPBACK}:${server.spec.port}/api/v1/realtime`,
              { cookie, origin: `http://localhost:${server.spec.port}` },
              share,
            )),
          );
        }
      }
      const ours: Side = {
        server: a,
        sockets,
        eventType: 'party.state',
        rssBeforeMiB: 0,
        rssAfterMiB: 0,
        send: async () => {
          isPlaying = !isPlaying;
          const answer = await json<{ party: { revision: number } }>(
            await post(`${a.baseUrl}/api/v1/parties/${code}/control`, hostHeaders, {
              action: isPlaying ? 'play' : 'pause',
              revision,
            }),
          );
          revision = answer.party.revision;
        },
      };
      ceiling = await startCeiling(context, listeners);
      context.log(
        `party-fanout: ${listeners} listeners (${users} users) over two replicas; ceiling ${listeners} sockets`,
      );
      await measureBroadcast(ceiling);
      await measureBroadcast(ours);
      const sides = { ceiling, ours };
      const samples = await alternate(events, (side) => measureBroadcast(sides[side]));
      const oursP95 = median(samples.map((sample) => sample.ours));
      return {
        samples,
        details: {
          listeners,
          users,
          events,
          oursP95Ms: Math.round(oursP95 * 10) / 10,
          meetsP95Goal100Ms: oursP95 <= 100,
          redis: REDIS_URL,
          database: 'postgres (shared)',
          note: 'the sockets run in the harness process on the load core; half of them on each replica',
        },
      };
    } finally {
      for (const socket of sockets) socket.terminate();
      await closeSide(ceiling);
      for (const server of servers) await server.stop();
      await data.dispose();
    }
  },
};
