import { type LastfmPeer, startLastfmPeer } from '@cadence/scrobble-peers/lastfm-peer';
import { type ListenBrainzPeer, startListenBrainzPeer } from '@cadence/scrobble-peers/listenbrainz-peer';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  actor,
  type Headers,
  insertAlbum,
  insertArtist,
  insertTrack,
} from '../catalogue/catalogue.test-helper';
import { IN_FLIGHT } from './scrobble-delivery';
import {
  deleteSent,
  idList,
  queueScrobbles,
  readDue,
  readDueBatches,
  takeAccount,
} from './scrobbling.repository';
import { encodeListenBrainzListen } from './service-clients';

let t: TestApp;
let listenbrainz: ListenBrainzPeer;
let lastfm: LastfmPeer;
let artistId: number;
let albumId: number;

const LB_TOKEN = 'lb-token-of-ada';

beforeAll(async () => {
  [listenbrainz, lastfm] = await Promise.all([
    startListenBrainzPeer({ tokens: { [LB_TOKEN]: 'ada', 'lb-token-of-bob': 'bob' } }),
    startLastfmPeer({ apiKey: 'lastfm-key', secret: 'lastfm-secret', users: ['ada-fm'] }),
  ]);
  // A short timeout: the peer's "hang" must end in a retry, not a stuck sender (long enough for
  // the embedded mode, whose database shares this process's event loop with the peers).
  t = await createTestApp({ env: { SCROBBLE_TIMEOUT_MS: '1500' } });
  await t.app.services.settings.save(
    {
      client: {
        'scrobbling.listenbrainz_url': listenbrainz.url,
        'scrobbling.lastfm_api_url': `${lastfm.url}/2.0/`,
        'scrobbling.lastfm_auth_url': `${lastfm.url}/api/auth/`,
        'scrobbling.lastfm_api_key': 'lastfm-key',
        'scrobbling.lastfm_secret': 'lastfm-secret',
      },
    },
    { checkCredentials: false },
  );
  artistId = await insertArtist(t, 'Scrobble Artist');
  albumId = await insertAlbum(t, 'Scrobble Album', artistId);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await Promise.all([listenbrainz?.close(), lastfm?.close()]);
});

const listenerWith = () => actor(t, ['music.play', 'music.view']);
const send = (headers: Headers, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const play = (headers: Headers, trackId: number, ms: number) =>
  send(headers, 'POST', `/api/v1/tracks/${trackId}/plays`, { duration_played_ms: ms });
const connectListenBrainz = (headers: Headers, token = LB_TOKEN) =>
  send(headers, 'PUT', '/api/v1/account/scrobbling/listenbrainz', { token });
/** What the outbox still owes the user: a row the service took is deleted. */
const outboxOf = (userId: number) =>
  t.deps.db.selectFrom('scrobble_outbox').selectAll().where('user_id', '=', userId).orderBy('id').execute();
/** The keys of every listen ever queued for the user (kept once sent). */
const keysOf = async (userId: number) =>
  (
    await t.deps.db
      .selectFrom('scrobble_keys')
      .select(['service', 'play_key'])
      .where('user_id', '=', userId)
      .orderBy('play_key')
      .execute()
  ).map((key) => `${key.service}:${key.play_key}`);
/** A listen queued straight into the outbox under its key (no play, no encoded listen). */
const keyedListen = (userId: number, playKey: string) => ({
  user_id: userId,
  service: 'listenbrainz' as const,
  play_key: playKey,
  track: { artist: 'Key Artist', track: `Key ${playKey}`, album: null, duration_ms: null },
  listened_at: new Date(),
  listen: null,
});
/** Time passes: every backoff of this user is over. */
const backoffsOver = (userId: number) =>
  t.deps.db
    .updateTable('scrobble_outbox')
    .set({ next_attempt_at: new Date(Date.now() - 1000) })
    .where('user_id', '=', userId)
    .execute();

/** The backoffs are over and the sweep's senders ran: what the user is still owed (their errors show). */
async function leftAfterTheBackoff(userId: number) {
  await backoffsOver(userId);
  await t.app.services.scrobbling.requeueDue();
  await t.app.jobs.drain();
  return (await outboxOf(userId)).map((row) => ({ play_key: row.play_key, last_error: row.last_error }));
}

/** `count` listens of `userId` queued for ListenBrainz as after an outage; `arrived` answers those the peer got. */
async function queueBacklog(userId: number, label: string, count: number) {
  const prefix = `${label} ${userId}-`;
  await queueScrobbles(
    t.deps.db,
    Array.from({ length: count }, (_, index) => {
      const track = {
        artist: `${label} Artist`,
        track: `${prefix}${index}`,
        album: null,
        duration_ms: 200_000,
      };
      const listenedAt = new Date(Date.UTC(2026, 0, 1) + index * 1000);
      return {
        user_id: userId,
        service: 'listenbrainz' as const,
        play_key: `${label}:${index}`,
        track,
        listened_at: listenedAt,
        listen: encodeListenBrainzListen({ track, listenedAt }),
      };
    }),
  );
  return {
    name: (index: number) => `${prefix}${index}`,
    arrived: () =>
      listenbrainz.listens().filter((entry) => entry.listen.track_metadata.track_name.startsWith(prefix)),
  };
}

describe('ListenBrainz', () => {
  it('connects with a token ListenBrainz validates, stored encrypted; a wrong token is a 422', async () => {
    const ada = await listenerWith();
    const wrong = await connectListenBrainz(ada.headers, 'not-a-token');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ token: 'ListenBrainz does not know this token.' });
    expect((await connectListenBrainz(ada.headers, '')).statusCode).toBe(422);
    listenbrainz.failNext(1, { status: 500 });
    const down = await connectListenBrainz(ada.headers);
    expect(down.statusCode).toBe(422);
    expect(down.json().errors.token).toBe(
      'ListenBrainz cannot be reached to check this token. Try again later.',
    );

    const connected = await connectListenBrainz(ada.headers);
    expect(connected.statusCode).toBe(200);
    expect(connected.json().services).toContainEqual(
      expect.objectContaining({
        service: 'listenbrainz',
        is_connected: true,
        account_name: 'ada',
        pending: 0,
      }),
    );
    const row = await t.deps.db
      .selectFrom('scrobble_connections')
      .selectAll()
      .where('user_id', '=', ada.id)
      .executeTakeFirstOrThrow();
    expect(row.credential.startsWith('enc:v1:')).toBe(true);
    expect(row.credential).not.toContain(LB_TOKEN);

    const gone = await send(ada.headers, 'DELETE', '/api/v1/account/scrobbling/listenbrainz');
    expect(gone.json().services).toContainEqual(
      expect.objectContaining({ service: 'listenbrainz', is_connected: false, account_name: null }),
    );
    expect(
      await t.deps.db.selectFrom('scrobble_connections').where('user_id', '=', ada.id).selectAll().execute(),
    ).toEqual([]);
  });

  it('sends "now playing" on start and one scrobble once half the track was heard', async () => {
    const ada = await listenerWith();
    await connectListenBrainz(ada.headers);
    const trackId = await insertTrack(t, { name: 'Half Way', artistId, albumId, duration: 200_000 });
    const nowPlaying = listenbrainz.nowPlaying().length;
    expect((await send(ada.headers, 'POST', `/api/v1/tracks/${trackId}/now-playing`)).json()).toEqual({
      sent: true,
    });
    await listenbrainz.waitForNowPlaying(nowPlaying + 1);
    expect(listenbrainz.nowPlaying().at(-1)?.listen.track_metadata).toMatchObject({
      artist_name: 'Scrobble Artist',
      track_name: 'Half Way',
      release_name: 'Scrobble Album',
    });

    // The product counts the play at 30 s; the services' rule (half: 100 s) is not met yet.
    expect((await play(ada.headers, trackId, 30_000)).json().recorded).toBe(true);
    await t.app.jobs.drain();
    expect(await outboxOf(ada.id)).toEqual([]);
    const early = await send(ada.headers, 'POST', `/api/v1/tracks/${trackId}/scrobble`, {
      listened_ms: 99_000,
    });
    expect(early.json()).toEqual({ queued: false });

    const before = listenbrainz.listens().length;
    const report = () =>
      send(ada.headers, 'POST', `/api/v1/tracks/${trackId}/scrobble`, { listened_ms: 100_000 });
    expect((await report()).json()).toEqual({ queued: true });
    await listenbrainz.waitForListens(before + 1);
    // A second report of the same listen (a retried request) sends nothing more.
    expect((await report()).json()).toEqual({ queued: true });
    await t.app.jobs.drain();
    const mine = listenbrainz
      .listens()
      .filter((entry) => entry.listen.track_metadata.track_name === 'Half Way');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ user: 'ada', listen_type: 'single' });
    // Sent: the row is gone, its key stays (what turned the second report away).
    expect(await outboxOf(ada.id)).toEqual([]);
    expect(await keysOf(ada.id)).toHaveLength(1);
    // Reported again after the send, the listen is still not queued a second time.
    expect((await report()).json()).toEqual({ queued: true });
    await t.app.jobs.drain();
    expect(await outboxOf(ada.id)).toEqual([]);
    expect(
      listenbrainz.listens().filter((entry) => entry.listen.track_metadata.track_name === 'Half Way'),
    ).toHaveLength(1);
  });

  it('never scrobbles a track of 30 s or less, nor a listen with no counted play', async () => {
    const ada = await listenerWith();
    await connectListenBrainz(ada.headers);
    const short = await insertTrack(t, { name: 'Jingle', artistId, duration: 30_000 });
    expect((await play(ada.headers, short, 30_000)).json().recorded).toBe(true);
    const unplayed = await insertTrack(t, { name: 'Never Counted', artistId, duration: 100_000 });
    const report = await send(ada.headers, 'POST', `/api/v1/tracks/${unplayed}/scrobble`, {
      listened_ms: 60_000,
    });
    expect(report.json()).toEqual({ queued: false });
    await t.app.jobs.drain();
    expect(await outboxOf(ada.id)).toEqual([]);
  });

  it('keeps a scrobble through a 500 and a timeout, sends it once the service is back, and never blocks the play', async () => {
    const bob = await listenerWith();
    await connectListenBrainz(bob.headers, 'lb-token-of-bob');
    // 50 s: the product's threshold and the services' are both 25 s, so the play itself scrobbles.
    const trackId = await insertTrack(t, { name: 'Outage Song', artistId, albumId, duration: 50_000 });
    listenbrainz.failNext(1, { status: 500 });
    const counted = await play(bob.headers, trackId, 25_000);
    expect(counted.statusCode).toBe(200);
    expect(counted.json().recorded).toBe(true);
    await t.app.jobs.drain();
    let [row] = await outboxOf(bob.id);
    expect(row).toMatchObject({
      attempts: 1,
      failed_at: null,
      last_error: 'ListenBrainz: HTTP 500',
    });
    expect(row?.next_attempt_at.getTime()).toBeGreaterThan(Date.now());
    // The sweep before the backoff is over sends nothing.
    await t.app.services.scrobbling.requeueDue();
    await t.app.jobs.drain();
    expect((await outboxOf(bob.id))[0]?.attempts).toBe(1);

    listenbrainz.failNext(1, 'hang');
    await backoffsOver(bob.id);
    await t.app.services.scrobbling.requeueDue();
    await t.app.jobs.drain();
    [row] = await outboxOf(bob.id);
    expect(row).toMatchObject({
      attempts: 2,
      last_error: 'ListenBrainz: no answer in 1500 ms',
    });
    const accounts = await send(bob.headers, 'GET', '/api/v1/account/scrobbling');
    expect(accounts.json().services).toContainEqual(
      expect.objectContaining({ service: 'listenbrainz', pending: 1 }),
    );

    const before = listenbrainz.listens().length;
    await backoffsOver(bob.id);
    await t.app.services.scrobbling.requeueDue();
    await listenbrainz.waitForListens(before + 1);
    await t.app.jobs.drain();
    expect(await outboxOf(bob.id)).toEqual([]);
    const mine = listenbrainz
      .listens()
      .filter((entry) => entry.listen.track_metadata.track_name === 'Outage Song');
    expect(mine).toHaveLength(1);
    expect(mine[0]?.listen.listened_at).toBe(Math.floor(Number(row?.listened_at.getTime()) / 1000));
  });
  it("sends an account's batches side by side: a hung batch holds up none of the others, and every listen arrives once", async () => {
    const bob = await listenerWith();
    await connectListenBrainz(bob.headers, 'lb-token-of-bob');
    // Five batches of 200, queued as after an outage; the first request the peer gets hangs.
    const count = 1000;
    const { name, arrived } = await queueBacklog(bob.id, 'Backlog', count);
    expect(IN_FLIGHT.listenbrainz).toBeGreaterThan(1);
    listenbrainz.failNext(1, 'hang');
    await t.app.services.scrobbling.requeueDue();
    await t.app.jobs.drain();
    // One after the other, the sender would have stopped at the hung batch with nothing sent. Side
    // by side, the other batches out with it were sent (and those claimed before its time ran out).
    const rows = await outboxOf(bob.id);
    const sent = count - rows.length;
    expect(sent).toBeGreaterThanOrEqual(200 * (IN_FLIGHT.listenbrainz - 1));
    const hung = rows.filter((row) => row.attempts > 0);
    expect(hung).toHaveLength(200);
    for (const row of hung)
      expect(row).toMatchObject({
        attempts: 1,
        failed_at: null,
        last_error: 'ListenBrainz: no answer in 1500 ms',
      });
    expect(arrived()).toHaveLength(sent);

    expect(await leftAfterTheBackoff(bob.id)).toEqual([]);
    const names = arrived().map((entry) => entry.listen.track_metadata.track_name);
    expect(names).toHaveLength(count);
    expect(new Set(names)).toEqual(new Set(Array.from({ length: count }, (_, index) => name(index))));
  });
});

describe('the outbox rows', () => {
  it('sends a row queued without its encoded listen (queued before rows had one) as the encoded ones are sent', async () => {
    const eve = await listenerWith();
    await connectListenBrainz(eve.headers, 'lb-token-of-bob');
    const track = {
      artist: 'Old Row Artist',
      track: `Old Row ${eve.id}`,
      album: 'Old Album',
      duration_ms: 90_000,
    };
    const listenedAt = new Date(Date.UTC(2026, 1, 2, 3, 4, 5, 600));
    const row = { user_id: eve.id, service: 'listenbrainz' as const, track, listened_at: listenedAt };
    await queueScrobbles(t.deps.db, [
      { ...row, play_key: 'old', listen: null },
      { ...row, play_key: 'new', listen: encodeListenBrainzListen({ track, listenedAt }) },
    ]);
    await t.app.services.scrobbling.requeueDue();
    await t.app.jobs.drain();
    const arrived = listenbrainz
      .listens()
      .filter((entry) => entry.listen.track_metadata.track_name === track.track);
    const expected = {
      listened_at: Math.floor(listenedAt.getTime() / 1000),
      track_metadata: {
        artist_name: 'Old Row Artist',
        track_name: track.track,
        release_name: 'Old Album',
        additional_info: { submission_client: 'Cadence', duration_ms: 90_000 },
      },
    };
    expect(arrived.map((entry) => entry.listen)).toEqual([expected, expected]);
    expect(await outboxOf(eve.id)).toEqual([]);
    expect(await keysOf(eve.id)).toEqual(['listenbrainz:new', 'listenbrainz:old']);
  });

  it('reads on from a position whose row was sent and deleted meanwhile, to the microsecond', async () => {
    const gus = await listenerWith();
    await queueBacklog(gus.id, 'Position', 5);
    // Times finer than a JavaScript date: a position rounded to the millisecond would read a row twice.
    await t.deps.db
      .updateTable('scrobble_outbox')
      .set((eb) => ({ listened_at: sql`${eb.ref('listened_at')} + interval '500 microseconds'` }))
      .where('user_id', '=', gus.id)
      .execute();
    const account = { userId: gus.id, service: 'listenbrainz' as const };
    const owed = (await outboxOf(gus.id)).map((row) => row.id);
    // Rows (Last.fm's read): the batch holding the position is answered and deleted before the next read.
    const first = await readDue(t.deps.db, account, { after: null, limit: 2, now: new Date() });
    expect(first.map((row) => row.id)).toEqual(owed.slice(0, 2));
    await deleteSent(t.deps.db, idList(first.map((row) => row.id)));
    const last = first.at(-1) as (typeof first)[number];
    const next = await readDue(t.deps.db, account, {
      after: { id: last.id, at: last.position },
      limit: 2,
      now: new Date(),
    });
    expect(next.map((row) => row.id)).toEqual(owed.slice(2, 4));

    // Batches (ListenBrainz's read, aggregated by PostgreSQL), on from the same kind of position.
    await deleteSent(t.deps.db, idList(next.map((row) => row.id)));
    const position = { id: next.at(-1)?.id as string, at: next.at(-1)?.position as string };
    const rest = await readDueBatches(t.deps.db, account, {
      after: position,
      size: 2,
      batches: 2,
      now: new Date(),
    });
    expect(rest.batches).toEqual([
      { ids: `{${owed[4]}}`, count: 1, attempts: 0, listens: expect.any(String) },
    ]);
    expect(rest.position?.id).toBe(owed[4]);
  });

  it('reads batches aggregated by the database: ids, joined listens and the position of the last row in listening order', async () => {
    const hal = await listenerWith();
    const { name } = await queueBacklog(hal.id, 'Batched', 5);
    const account = { userId: hal.id, service: 'listenbrainz' as const };
    const owed = (await outboxOf(hal.id)).map((row) => row.id);
    const read = await readDueBatches(t.deps.db, account, {
      after: null,
      size: 2,
      batches: 2,
      now: new Date(),
    });
    expect(read.batches.map((batch) => [batch.ids, batch.count])).toEqual([
      [`{${owed[0]},${owed[1]}}`, 2],
      [`{${owed[2]},${owed[3]}}`, 2],
    ]);
    const names = read.batches.flatMap((batch) =>
      (JSON.parse(`[${batch.listens}]`) as { track_metadata: { track_name: string } }[]).map(
        (listen) => listen.track_metadata.track_name,
      ),
    );
    expect(names.sort()).toEqual([0, 1, 2, 3].map(name).sort());
    expect(read.position?.id).toBe(owed[3]);
    const after = await readDueBatches(t.deps.db, account, {
      after: read.position,
      size: 2,
      batches: 2,
      now: new Date(),
    });
    expect(after.batches.map((batch) => batch.ids)).toEqual([`{${owed[4]}}`]);
    // A row not due (its backoff) is not read; nothing read leaves the position where it was.
    await t.deps.db
      .updateTable('scrobble_outbox')
      .set({ next_attempt_at: new Date(Date.now() + 60_000) })
      .where('id', '=', owed[4] as string)
      .execute();
    expect(
      await readDueBatches(t.deps.db, account, {
        after: read.position,
        size: 2,
        batches: 2,
        now: new Date(),
      }),
    ).toEqual({ batches: [], position: null });
    await t.deps.db.deleteFrom('scrobble_outbox').where('user_id', '=', hal.id).execute();
  });

  it('reads every owed row once when listening order runs against the ids, with ties in time', async () => {
    const ivy = await listenerWith();
    const { name } = await queueBacklog(ivy.id, 'Reversed', 7);
    // Listened in the reverse of the order queued, three rows sharing a time: the position is the
    // last row in (time, id) order, never the largest id or a row of an earlier time.
    await t.deps.db
      .updateTable('scrobble_outbox')
      .set({
        listened_at: sql`timestamptz '2026-02-01' - (id - (select min(id) from scrobble_outbox where user_id = ${ivy.id})) / 3 * interval '1 minute'`,
      })
      .where('user_id', '=', ivy.id)
      .execute();
    const account = { userId: ivy.id, service: 'listenbrainz' as const };
    const seen: string[] = [];
    let position: Awaited<ReturnType<typeof readDueBatches>>['position'] = null;
    for (let reads = 0; reads < 10; reads++) {
      const read = await readDueBatches(t.deps.db, account, {
        after: position,
        size: 2,
        batches: 1,
        now: new Date(),
      });
      if (read.batches.length === 0) break;
      for (const batch of read.batches) {
        const listens = JSON.parse(`[${batch.listens}]`) as { track_metadata: { track_name: string } }[];
        expect(listens).toHaveLength(batch.count);
        seen.push(...listens.map((listen) => listen.track_metadata.track_name));
      }
      position = read.position;
    }
    expect(seen.sort()).toEqual([0, 1, 2, 3, 4, 5, 6].map(name).sort());
    await t.deps.db.deleteFrom('scrobble_outbox').where('user_id', '=', ivy.id).execute();
  });

  it('queues a listen once: a key already kept (sent or owed) queues nothing, and a disconnect forgets only the keys of what it dropped', async () => {
    const fay = await listenerWith();
    await connectListenBrainz(fay.headers, 'lb-token-of-bob');
    const listen = (playKey: string) => keyedListen(fay.id, playKey);
    expect(await queueScrobbles(t.deps.db, [listen('sent')])).toBe(1);
    await t.app.services.scrobbling.requeueDue();
    await t.app.jobs.drain();
    expect(await outboxOf(fay.id)).toEqual([]);
    // Sent and deleted: its key turns it away; a fresh one in the same call is queued.
    expect(await queueScrobbles(t.deps.db, [listen('sent'), listen('owed')])).toBe(1);
    expect(await queueScrobbles(t.deps.db, [listen('owed')])).toBe(0);
    expect((await outboxOf(fay.id)).map((row) => row.play_key)).toEqual(['owed']);

    await send(fay.headers, 'DELETE', '/api/v1/account/scrobbling/listenbrainz');
    expect(await outboxOf(fay.id)).toEqual([]);
    expect(await keysOf(fay.id)).toEqual(['listenbrainz:sent']);
  });

  it("forgets a sent listen's key once it is a day old (the daily prune), never the key of a listen still owed", async () => {
    const gus = await listenerWith();
    await connectListenBrainz(gus.headers, 'lb-token-of-bob');
    const listen = (playKey: string) => keyedListen(gus.id, playKey);
    expect(await queueScrobbles(t.deps.db, [listen('sent-old'), listen('sent-new')])).toBe(2);
    await t.app.services.scrobbling.requeueDue();
    await t.app.jobs.drain();
    expect(await outboxOf(gus.id)).toEqual([]);
    expect(await queueScrobbles(t.deps.db, [listen('owed-old')])).toBe(1);
    await t.deps.db
      .updateTable('scrobble_keys')
      .set({ created_at: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where('user_id', '=', gus.id)
      .where('play_key', 'in', ['sent-old', 'owed-old'])
      .execute();

    expect(await t.app.services.scrobbling.pruneSentKeys()).toBeGreaterThanOrEqual(1);
    expect(await keysOf(gus.id)).toEqual(['listenbrainz:owed-old', 'listenbrainz:sent-new']);
    expect((await outboxOf(gus.id)).map((row) => row.play_key)).toEqual(['owed-old']);
    // The owed row must not reach the peer in the tests after this one.
    await send(gus.headers, 'DELETE', '/api/v1/account/scrobbling/listenbrainz');
  });
});

describe('the outbox after a failure', () => {
  it('gives back the batches read but never sent: due with the failed ones, attempts unchanged, sent once after the backoff', async () => {
    const cy = await listenerWith();
    await connectListenBrainz(cy.headers, 'lb-token-of-bob');
    // Two reads' worth: the sender reads the second while the first is on the wire.
    const perRead = 200 * IN_FLIGHT.listenbrainz;
    const count = 2 * perRead;
    const { arrived } = await queueBacklog(cy.id, 'Given back', count);
    // Every batch of the first read fails: the sender stops with the second read in hand.
    listenbrainz.failNext(IN_FLIGHT.listenbrainz, { status: 500 });
    await t.app.services.scrobbling.requeueDue();
    await t.app.jobs.drain();
    const rows = await outboxOf(cy.id);
    const failed = rows.filter((row) => row.attempts === 1);
    const givenBack = rows.filter((row) => row.attempts === 0);
    expect(failed).toHaveLength(perRead);
    expect(givenBack).toHaveLength(perRead);
    expect(rows).toHaveLength(count);
    expect(rows.every((row) => row.failed_at === null)).toBe(true);
    for (const row of givenBack) expect(row.last_error).toBeNull();
    expect(arrived()).toHaveLength(0);

    // Given back, not left due: the sweep before the backoff is over sends none of them.
    await t.app.services.scrobbling.requeueDue();
    await t.app.jobs.drain();
    expect(arrived()).toHaveLength(0);
    expect(await outboxOf(cy.id)).toHaveLength(count);

    expect(await leftAfterTheBackoff(cy.id)).toEqual([]);
    const names = arrived().map((entry) => entry.listen.track_metadata.track_name);
    expect(names).toHaveLength(count);
    expect(new Set(names).size).toBe(count);
  });
});

describe("the account's lease", () => {
  it('keeps a second sender out while one holds the account, and lets the next in once it ends', async () => {
    const dee = await listenerWith();
    await connectListenBrainz(dee.headers, 'lb-token-of-bob');
    const { arrived } = await queueBacklog(dee.id, 'Leased', 3);
    const account = { userId: dee.id, service: 'listenbrainz' as const };
    // Another replica's sender holds the account.
    const now = new Date();
    const until = new Date(now.getTime() + 60_000);
    expect(await takeAccount(t.deps.db, account, { sender: 'other-replica', until, now })).toBeDefined();
    await t.app.services.scrobbling.requeueDue();
    await t.app.jobs.drain();
    expect(arrived()).toHaveLength(0);
    const held = await outboxOf(dee.id);
    expect(held).toHaveLength(3);
    expect(held.every((row) => row.attempts === 0)).toBe(true);

    // Its lease ran out (it died): the next sender takes the account and sends every row once.
    await t.deps.db
      .updateTable('scrobble_connections')
      .set({ sender_until: new Date(now.getTime() - 1000) })
      .where('user_id', '=', dee.id)
      .execute();
    await t.app.services.scrobbling.requeueDue();
    await t.app.jobs.drain();
    expect(arrived()).toHaveLength(3);
    expect(await outboxOf(dee.id)).toEqual([]);
    const [connection] = await t.deps.db
      .selectFrom('scrobble_connections')
      .select(['sender', 'sender_until'])
      .where('user_id', '=', dee.id)
      .execute();
    expect(connection).toEqual({ sender: null, sender_until: null });
  });
});

describe('Subsonic apps', () => {
  it('scrobble with submission=false reaches ListenBrainz as now playing, and with submission=true as a counted play', async () => {
    const ada = await listenerWith();
    await connectListenBrainz(ada.headers);
    const password = (await send(ada.headers, 'POST', '/api/v1/account/subsonic/password')).json()
      .app_password;
    const { email } = await t.deps.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', ada.id)
      .executeTakeFirstOrThrow();
    const trackId = await insertTrack(t, { name: 'From An App', artistId, albumId, duration: 180_000 });
    const before = listenbrainz.listens().length;
    const query = new URLSearchParams({
      u: email,
      p: password,
      v: '1.16.1',
      c: 'test',
      f: 'json',
      id: `tr-${trackId}`,
    });
    // submission=false is the app's "now playing": forwarded, not a listen. (Another track: a
    // submission of this one right after would be a play of a few milliseconds, rightly not counted.)
    const startedId = await insertTrack(t, {
      name: 'Started In An App',
      artistId,
      albumId,
      duration: 180_000,
    });
    const playingBefore = listenbrainz.nowPlaying().length;
    const started = new URLSearchParams(query);
    started.set('id', `tr-${startedId}`);
    const playing = await t.app.inject({
      method: 'GET',
      url: `/rest/scrobble.view?${started}&submission=false`,
    });
    expect(playing.json()['subsonic-response'].status).toBe('ok');
    await listenbrainz.waitForNowPlaying(playingBefore + 1);
    expect(listenbrainz.nowPlaying().at(-1)?.listen.track_metadata.track_name).toBe('Started In An App');
    expect(listenbrainz.listens().length).toBe(before);
    const answer = await t.app.inject({ method: 'GET', url: `/rest/scrobble.view?${query}&submission=true` });
    expect(answer.json()['subsonic-response'].status).toBe('ok');
    await listenbrainz.waitForListens(before + 1);
    expect(listenbrainz.listens().at(-1)?.listen.track_metadata.track_name).toBe('From An App');
  });
});

describe('Last.fm', () => {
  it('connects through the web authentication flow, then scrobbles and sends now playing, signed', async () => {
    const ada = await listenerWith();
    const start = await send(ada.headers, 'POST', '/api/v1/account/scrobbling/lastfm/connect');
    expect(start.statusCode).toBe(200);
    const authorize = new URL(start.json().url);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${lastfm.url}/api/auth/`);
    expect(authorize.searchParams.get('api_key')).toBe('lastfm-key');
    const page = await fetch(authorize);
    expect(await page.text()).toContain('Yes, allow access');
    // The listener presses "allow": Last.fm sends them back to the callback with a token.
    const allowed = await fetch(`${lastfm.url}/api/auth/`, {
      method: 'POST',
      body: new URLSearchParams({
        api_key: 'lastfm-key',
        cb: authorize.searchParams.get('cb') ?? '',
        user: 'ada-fm',
      }),
      redirect: 'manual',
    });
    const back = new URL(allowed.headers.get('location') ?? '');
    expect(back.searchParams.get('token')).toBeTruthy();
    // Someone else cannot finish the flow another listener started.
    const mallory = await listenerWith();
    const stolen = await send(mallory.headers, 'GET', `${back.pathname}${back.search}`);
    expect(stolen.statusCode).toBe(403);
    const finished = await send(ada.headers, 'GET', `${back.pathname}${back.search}`);
    expect(finished.statusCode).toBe(303);
    expect(finished.headers.location).toMatch(/\/account-settings#connected-services$/);
    const services = (await send(ada.headers, 'GET', '/api/v1/account/scrobbling')).json().services;
    expect(services).toContainEqual(
      expect.objectContaining({
        service: 'lastfm',
        is_available: true,
        is_connected: true,
        account_name: 'ada-fm',
      }),
    );

    const trackId = await insertTrack(t, { name: 'Signed Song', artistId, albumId, duration: 600_000 });
    await send(ada.headers, 'POST', `/api/v1/tracks/${trackId}/now-playing`);
    await lastfm.waitForNowPlaying(1);
    expect(lastfm.nowPlaying.at(-1)).toMatchObject({ user: 'ada-fm', track: 'Signed Song', duration: 600 });
    await play(ada.headers, trackId, 30_000);
    // Four minutes: a long track scrobbles before its half.
    const report = await send(ada.headers, 'POST', `/api/v1/tracks/${trackId}/scrobble`, {
      listened_ms: 240_000,
    });
    expect(report.json()).toEqual({ queued: true });
    await lastfm.waitForScrobbles(1);
    expect(lastfm.scrobbles.at(-1)).toMatchObject({
      user: 'ada-fm',
      artist: 'Scrobble Artist',
      track: 'Signed Song',
      album: 'Scrobble Album',
    });

    await send(ada.headers, 'DELETE', '/api/v1/account/scrobbling/lastfm');
    const after = (await send(ada.headers, 'GET', '/api/v1/account/scrobbling')).json().services;
    expect(after).toContainEqual(expect.objectContaining({ service: 'lastfm', is_connected: false }));
  });

  it('is unavailable until the site has an API key and secret', async () => {
    await t.app.services.settings.save(
      { client: { 'scrobbling.lastfm_api_key': '' } },
      { checkCredentials: false },
    );
    try {
      const ada = await listenerWith();
      const services = (await send(ada.headers, 'GET', '/api/v1/account/scrobbling')).json().services;
      expect(services).toContainEqual(expect.objectContaining({ service: 'lastfm', is_available: false }));
      expect((await send(ada.headers, 'POST', '/api/v1/account/scrobbling/lastfm/connect')).statusCode).toBe(
        409,
      );
    } finally {
      await t.app.services.settings.save(
        { client: { 'scrobbling.lastfm_api_key': 'lastfm-key' } },
        { checkCredentials: false },
      );
    }
  });
});
