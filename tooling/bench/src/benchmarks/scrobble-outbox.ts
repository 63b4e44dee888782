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
 * the peer's own accept rate. Ours: the api is started and ready, then a backlog is queued (as
 * after an outage of the service) and a listen of the admin's (a play reported through the api)
 * queues the account's sender, which reads, sends (200 a batch, up to 4 of an account out at once)
 * and marks them sent. The ceiling: this process posting the same batches to the same peer with
 * the api's HTTP client, one after the other, nothing read or written around them.
 * Both are timed at the peer, from the first batch's arrival to the last's (the first batch of
 * each side is left out of the rate). Until 2026-11-30 20:00 the backlog was queued while the api
 * was down and its start queued the sender, so the api's start (its last plugins, listen, the
 * readiness probes) ran beside the first batches of the measured drain.
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

/**
 * The outbox's schema at hand: since 2026-11-30 17:30 a row carries its listen encoded for the
 * service (`listen`), its key is kept in `scrobble_keys` and a sent row is deleted; before, a sent
 * row was marked (`sent_at`). Both are handled so an older api build can be measured against a
 * newer one (A/B runs) on the same harness.
 */
type TSchema = 'delete-on-send' | 'mark-sent';

async function outboxSchema(url: string): Promise<TSchema> {
  const found = await psql(
    url,
    "select count(*) from information_schema.columns where table_name = 'scrobble_outbox' and column_name = 'listen'",
  );
  return found === '1' ? 'delete-on-send' : 'mark-sent';
}

/**
 * The same listens as outbox rows of the admin, due now, as `queueScrobbles` writes them: with the
 * listen encoded as `encodeListenBrainzListen` does (JSON.stringify's bytes: no spaces, keys in
 * this order; the names need no escaping) and its key.
 */
async function queueRows(url: string, round: number, count: number, schema: TSchema) {
  const listen = `'{"listened_at":' || (${1_700_000_000 + round * 100_000} + g)
    || ',"track_metadata":{"artist_name":"Bench Artist ' || (g % 97) || '","track_name":"Bench Track ${round}-' || g
    || '","release_name":"Bench Album ' || (g % 311) || '","additional_info":{"submission_client":"Cadence","duration_ms":200000}}}'`;
  await psql(
    url,
    `${schema === 'delete-on-send' ? `insert into scrobble_keys (user_id, service, play_key) select u.id, 'listenbrainz', 'bench:${round}:' || g from users u, generate_series(0, ${count - 1}) g where u.email = 'bench@example.com';` : ''}
     insert into scrobble_outbox (user_id, service, play_key, track, listened_at, next_attempt_at${schema === 'delete-on-send' ? ', listen' : ''})
     select u.id, 'listenbrainz', 'bench:${round}:' || g,
       json_build_object('artist', 'Bench Artist ' || (g % 97), 'track', 'Bench Track ${round}-' || g,
         'album', 'Bench Album ' || (g % 311), 'duration_ms', 200000)::jsonb,
       to_timestamp(${1_700_000_000 + round * 100_000} + g), now() - interval '1 second'${schema === 'delete-on-send' ? `, ${listen}` : ''}
     from users u, generate_series(0, ${count - 1}) g where u.email = 'bench@example.com'`,
  );
}

/**
 * Demo tracks the admin can play that the services' rule scrobbles (longer than 30 s), one a round:
 * a listener's play of one track counts once within its threshold.
 */
async function scrobblableTracks(url: string, rounds: number): Promise<{ id: number; ms: number }[]> {
  const text = await psql(
    url,
    `select id || ':' || duration from tracks where duration > 31000 order by id limit ${rounds}`,
  );
  const tracks = text
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [id, ms] = line.split(':');
      return { id: Number(id), ms: Number(ms) };
    });
  if (tracks.length < rounds)
    throw new Error(`scrobble-outbox: ${tracks.length} scrobblable tracks, ${rounds} needed`);
  return tracks;
}

/**
 * Waits until the outbox holds nothing owed: the peer has every listen once the last batch
 * arrives, and the sender's deletes of the last batches follow its answers (at most 10 s).
 */
async function untilOutboxEmpty(url: string, schema: TSchema, round: number) {
  const owed = `select count(*) from scrobble_outbox${schema === 'mark-sent' ? ' where sent_at is null' : ''}`;
  const deadline = performance.now() + 10_000;
  let left = await psql(url, owed);
  while (left !== '0' && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    left = await psql(url, owed);
  }
  if (left !== '0') throw new Error(`scrobble-outbox: ${left} scrobbles of round ${round} left unsent`);
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
      let json: Record<string, string> = {};
      try {
        const headers = await adminSession(database.url, setup.spec.env.ADMIN_EMAIL as string);
        json = { ...headers, 'content-type': 'application/json' };
        const saved = await fetch(`${setup.baseUrl}/api/v1/settings`, {
          method: 'POST',
          headers: { ...json, origin: setup.baseUrl },
          body: JSON.stringify({ client: { 'scrobbling.listenbrainz_url': peer.url } }),
        });
        if (!saved.ok)
          throw new Error(`saving the peer's address answered ${saved.status}: ${await saved.text()}`);
        const connected = await fetch(`${setup.baseUrl}/api/v1/account/scrobbling/listenbrainz`, {
          method: 'PUT',
          headers: { ...json, origin: setup.baseUrl },
          body: JSON.stringify({ token: TOKEN }),
        });
        if (!connected.ok)
          throw new Error(`connecting ListenBrainz answered ${connected.status}: ${await connected.text()}`);
      } finally {
        await setup.stop();
      }

      const schema = await outboxSchema(database.url);
      const samples: TPairedSample[] = [];
      const byFetch: number[] = [];
      // A drain of 10,000 lasts ~0.2 s here, so one pause (a GC, the scheduler, the first drain's
      // cold code) moves a pair's ratio by half (quiet, 2026-12-01 04:22: pairs 0.34-0.70): the
      // median of twelve pairs, not six, is the figure.
      const pairs = context.mode.rounds * 4;
      const tracks = await scrobblableTracks(database.url, pairs);
      let round = 0;
      // One api for every pair, as a server runs: started with nothing owed and ready before the
      // first backlog is queued, so its start is never part of a drain. Its first drain is as cold
      // as the ceiling's first pair; the later ones as warm as the ceiling's (it posts from this
      // long-lived process). Until 2026-12-01 each pair started a fresh api: every drain of ours was
      // a cold process's against a warmed ceiling (quiet, 01:44: pair ratios 0.68 and 0.61 while
      // the ceiling was cold too, 0.22-0.31 once it had warmed).
      const api = await startTarget(target, context.pinning);
      try {
        for (let pair = 0; pair < pairs; pair++) {
          context.log(`scrobble-outbox: pair ${pair + 1}/${pairs}`);
          round += 1;
          const ceilingRound = round;
          const ceiling = await timedAtPeer(peer, count, () =>
            postBatches(peer.url, ceilingRound, count, 'undici'),
          );
          round += 1;
          const fetchRound = round;
          byFetch.push(
            await timedAtPeer(peer, count, () => postBatches(peer.url, fetchRound, count, 'fetch')),
          );
          round += 1;
          const track = tracks[pair] as { id: number; ms: number };
          await queueRows(database.url, round, count - 1, schema);
          const ours = await timedAtPeer(peer, count, async () => {
            const played = await fetch(`${api.baseUrl}/api/v1/tracks/${track.id}/plays`, {
              method: 'POST',
              headers: { ...json, origin: api.baseUrl },
              body: JSON.stringify({ duration_played_ms: track.ms }),
            });
            const answer = await played.text();
            if (!played.ok || !(JSON.parse(answer) as { recorded?: boolean }).recorded)
              throw new Error(`scrobble-outbox: the play answered ${played.status}: ${answer}`);
          });
          samples.push({ ceiling, ours });
          await untilOutboxEmpty(database.url, schema, round);
        }
      } finally {
        await api.stop();
      }
      const received = peer.listenCount();
      // Nothing sent twice: every side of every pair delivered exactly its listens.
      if (received !== pairs * 3 * count)
        throw new Error(`scrobble-outbox: the peer kept ${received} listens, ${pairs * 3 * count} were sent`);
      return {
        samples,
        details: {
          scrobbles: count,
          batch: BATCH,
          outboxSchema: schema,
          received,
          medianListensPerSecond: {
            ours: median(samples.map((sample) => sample.ours)),
            peer: median(samples.map((sample) => sample.ceiling)),
            peerByFetch: median(byFetch),
          },
          ratioAgainstFetchCeiling: median(
            samples.map((sample, index) => sample.ours / (byFetch[index] ?? 1)),
          ),
          note: "timed at the peer from the first batch's arrival to the last's, one api for every pair (its first drain cold, like the ceiling's first pair), started and ready before its first backlog is queued (all listens but one as outbox rows, then a play through the api whose listen is the last and queues the sender); the peer runs in the load generator's process; the ceiling posts with undici's request (the api's client), peerByFetch with fetch (the ceiling of record before 2026-11-30)",
        },
      };
    } finally {
      await peer.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};
