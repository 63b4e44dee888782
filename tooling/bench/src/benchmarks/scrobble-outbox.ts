import { rm } from 'node:fs/promises';
import { startListenBrainzPeer } from '@cadence/scrobble-peers/listenbrainz-peer';
import { request } from 'undici';
import type { TBenchmark, TContext } from '../harness/benchmark';
import type { TPairedSample } from '../harness/stats';
import { median } from '../harness/stats';
import { apiTarget, startTarget } from '../harness/targets';
import { adminSession, seededPostgresApi } from './admin-harness';
import { psql } from './catalogue';

/**
 * Issue 37: the scrobble outbox drains 10,000 queued scrobbles to a ListenBrainz peer at >= 0.5x
 * the peer's own accept rate. Ours: the rows are queued while the api is down (as after an
 * outage or a restart); the api's start gives the account a sender, which claims, sends (200 a
 * batch, up to 4 of an account out at once) and marks them sent. The ceiling: this process posting
 * the same batches to the same peer with the api's HTTP client, one after the other, nothing read
 * or written around them.
 * Both are timed at the peer, from the first batch's arrival to the last's, so the api's start-up
 * is not counted (and the first batch of each side is left out of the rate).
 */
const TOKEN = 'bench-listenbrainz-token';
const BATCH = 200;

const sizes = (context: TContext) => (context.mode.name === 'smoke' ? 1_000 : 10_000);

type TListen = {
  listened_at: number;
  track_metadata: { artist_name: string; track_name: string; release_name: string };
};

const listenOf = (round: number, index: number): TListen => ({
  listened_at: 1_700_000_000 + round * 100_000 + index,
  track_metadata: {
    artist_name: `Bench Artist ${index % 97}`,
    track_name: `Bench Track ${round}-${index}`,
    release_name: `Bench Album ${index % 311}`,
  },
});

/** The same listens as outbox rows of the admin, due now (what `queueScrobbles` writes). */
async function queueRows(url: string, round: number, count: number) {
  await psql(
    url,
    `insert into scrobble_outbox (user_id, service, play_key, track, listened_at, next_attempt_at)
     select u.id, 'listenbrainz', 'bench:${round}:' || g,
       json_build_object('artist', 'Bench Artist ' || (g % 97), 'track', 'Bench Track ${round}-' || g,
         'album', 'Bench Album ' || (g % 311), 'duration_ms', 200000)::jsonb,
       to_timestamp(${1_700_000_000 + round * 100_000} + g), now() - interval '1 second'
     from users u, generate_series(0, ${count - 1}) g where u.email = 'bench@example.com'`,
  );
}

/** Listens per second between the first and the last arrival (the first batch excluded). */
async function timedAtPeer(
  peer: Awaited<ReturnType<typeof startListenBrainzPeer>>,
  count: number,
  send: () => Promise<unknown>,
) {
  const before = peer.listenCount();
  const first = peer.waitForListens(before + 1).then(() => performance.now());
  const last = peer.waitForListens(before + count).then(() => performance.now());
  await send();
  const [firstAt, lastAt] = await Promise.all([first, last]);
  const firstBatch = Math.min(BATCH, count);
  return ((count - firstBatch) / (lastAt - firstAt)) * 1000;
}

/**
 * The ceiling's client: the api's own (undici's `request`, modules/scrobbling/service-clients.ts),
 * or `fetch`, what the ceiling used until 2026-11-30 (kept as a detail, for the figures of record:
 * its WHATWG request and streams cost about twice undici's CPU a batch, which was the ceiling's,
 * not the peer's).
 */
type TClient = 'undici' | 'fetch';

async function postBatch(peerUrl: string, body: string, client: TClient): Promise<void> {
  const url = `${peerUrl}/1/submit-listens`;
  const headers = { authorization: `Token ${TOKEN}`, 'content-type': 'application/json' };
  if (client === 'fetch') {
    const response = await fetch(url, { method: 'POST', headers, body });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`the peer answered ${response.status}: ${text}`);
    return;
  }
  const response = await request(url, { method: 'POST', headers, body });
  const text = await response.body.text();
  if (response.statusCode !== 200) throw new Error(`the peer answered ${response.statusCode}: ${text}`);
}

async function postBatches(peerUrl: string, round: number, count: number, client: TClient) {
  for (let start = 0; start < count; start += BATCH) {
    const payload = Array.from({ length: Math.min(BATCH, count - start) }, (_, offset) =>
      listenOf(round, start + offset),
    );
    await postBatch(peerUrl, JSON.stringify({ listen_type: 'import', payload }), client);
  }
}

export const scrobbleOutbox: TBenchmark = {
  name: 'scrobble-outbox',
  expectedSeconds: { full: 150, smoke: 40 },
  unit: 'listens/s',
  direction: 'ours-over-ceiling',
  goalRatio: 0.5,
  goalWords:
    "10,000 queued scrobbles drained by the api's outbox sender to a ListenBrainz peer >= 0.5x the same batches posted straight to the peer",
  async run(context: TContext) {
    const count = sizes(context);
    const peer = await startListenBrainzPeer({ tokens: { [TOKEN]: 'bench' } });
    const { dataDir, database } = await seededPostgresApi(context);
    try {
      const target = apiTarget(dataDir, database.url);
      // Connect the admin's ListenBrainz account through the api (the token is stored encrypted).
      const setup = await startTarget(target, context.pinning);
      try {
        const headers = await adminSession(database.url, setup.spec.env.ADMIN_EMAIL as string);
        const json = { ...headers, 'content-type': 'application/json', origin: setup.baseUrl };
        const saved = await fetch(`${setup.baseUrl}/api/v1/settings`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ client: { 'scrobbling.listenbrainz_url': peer.url } }),
        });
        if (!saved.ok)
          throw new Error(`saving the peer's address answered ${saved.status}: ${await saved.text()}`);
        const connected = await fetch(`${setup.baseUrl}/api/v1/account/scrobbling/listenbrainz`, {
          method: 'PUT',
          headers: json,
          body: JSON.stringify({ token: TOKEN }),
        });
        if (!connected.ok)
          throw new Error(`connecting ListenBrainz answered ${connected.status}: ${await connected.text()}`);
      } finally {
        await setup.stop();
      }

      const samples: TPairedSample[] = [];
      const byFetch: number[] = [];
      const pairs = context.mode.rounds * 2;
      let round = 0;
      for (let pair = 0; pair < pairs; pair++) {
        context.log(`scrobble-outbox: pair ${pair + 1}/${pairs}`);
        round += 1;
        const ceilingRound = round;
        const ceiling = await timedAtPeer(peer, count, () =>
          postBatches(peer.url, ceilingRound, count, 'undici'),
        );
        round += 1;
        const fetchRound = round;
        byFetch.push(await timedAtPeer(peer, count, () => postBatches(peer.url, fetchRound, count, 'fetch')));
        round += 1;
        await queueRows(database.url, round, count);
        let api: Awaited<ReturnType<typeof startTarget>> | undefined;
        const ours = await timedAtPeer(peer, count, async () => {
          api = await startTarget(target, context.pinning);
        }).finally(() => api?.stop());
        const left = await psql(
          database.url,
          `select count(*) from scrobble_outbox where play_key like 'bench:${round}:%' and sent_at is null`,
        );
        if (left !== '0') throw new Error(`scrobble-outbox: ${left} scrobbles of round ${round} left unsent`);
        samples.push({ ceiling, ours });
      }
      const received = peer.listenCount();
      return {
        samples,
        details: {
          scrobbles: count,
          batch: BATCH,
          received,
          medianListensPerSecond: {
            ours: median(samples.map((sample) => sample.ours)),
            peer: median(samples.map((sample) => sample.ceiling)),
            peerByFetch: median(byFetch),
          },
          ratioAgainstFetchCeiling: median(
            samples.map((sample, index) => sample.ours / (byFetch[index] ?? 1)),
          ),
          note: "timed at the peer from the first batch's arrival to the last's; the peer runs in the load generator's process; the ceiling posts with undici's request (the api's client), peerByFetch with fetch (the ceiling of record before 2026-11-30)",
        },
      };
    } finally {
      await peer.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};
