import { randomUUID } from 'node:crypto';
import type { TScrobbleService } from '@cadence/contracts/scrobbling';
import type { Kysely } from 'kysely';
import { createGroupCommit } from '../../platform/db/group-commit';
import type { Database } from '../../platform/db/schema';
import * as repository from './scrobbling.repository';
import type { ScrobbledTrack } from './scrobbling.tables';
import {
  type createLastfmClient,
  type createListenBrainzClient,
  encodeListenBrainzListen,
  type Listen,
} from './service-clients';

export const DELIVER_JOB = 'scrobbles.deliver';
export const NOW_PLAYING_JOB = 'scrobbles.now-playing';

/** Last.fm takes 50 scrobbles a call; ListenBrainz up to 1000 (a smaller batch keeps a lease short). */
const BATCH = { lastfm: 50, listenbrainz: 200 } as const;
/**
 * Batches of one account in flight at once: while one is on the wire the next is claimed and sent,
 * so the sender is not one round trip per statement behind the service. Last.fm's calls stay one at
 * a time (its rate limit is per account); ListenBrainz takes listens in any order (each carries its
 * own time).
 */
export const IN_FLIGHT = { lastfm: 1, listenbrainz: 4 } as const;
/**
 * How long a sender holds the account it took. It renews the lease before a read once a quarter of
 * it has passed, so a row read is covered for at least 90 s: longer than a call can last
 * (SCROBBLE_TIMEOUT_MS, at most 60 s).
 */
const LEASE_MS = 2 * 60 * 1000;
const RENEW_AFTER_MS = LEASE_MS / 4;
/** After a failure: 30 s, 1 min, 2 min ... at most 6 h; given up after 20 failures (some days). */
const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 6 * 60 * 60 * 1000;
export const FINAL_ATTEMPTS = 20;

export const retryDelayMs = (attempts: number) => Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** attempts);

type Clients = {
  listenbrainz: ReturnType<typeof createListenBrainzClient>;
  lastfm: ReturnType<typeof createLastfmClient> | null;
};

/**
 * Sends the outbox. A sender drains one account (user and service) with up to `IN_FLIGHT` batches
 * on the wire: it leases the account (no other sender reads its rows meanwhile), reads the owed
 * rows in order for every free place at once (a position, so no batch takes another's rows), sends
 * a batch a request, and marks each batch sent as soon as its answer comes. A failed batch is due
 * again after a backoff and the sender reads nothing more (the batches already out finish and are
 * marked), then stops (the scheduled sweep queues it again), so the outbox, not the job queue,
 * holds what is owed: nothing is lost when a job is, and a row sent is never sent by a second
 * sender (the account's lease) or batch (the position).
 */
export function createScrobbleDelivery(deps: {
  db: Kysely<Database>;
  clients: () => Promise<Clients>;
  credentialOf: (stored: string) => string;
  log: (details: object, message: string) => void;
}) {
  const { db } = deps;
  /**
   * The batches answered while a mark is being written are marked together by the next one: a
   * mark (the sent rows deleted) waits for its WAL flush, so one statement (and one flush) for
   * several batches, of any account, is what keeps the database from setting the pace of a backlog.
   */
  const markSent = createGroupCommit<repository.IdList, void>(async (batches) => {
    await repository.deleteSent(db, repository.joinIdLists(batches));
    return batches.map(() => undefined);
  });

  type Row = Awaited<ReturnType<typeof repository.readDue>>[number];
  /**
   * A batch read for the wire: its rows' ids (an array literal), how many, their fewest attempts,
   * and what goes out: ListenBrainz's listens joined as stored (null: a row without its encoded
   * listen, built at the send), or Last.fm's rows.
   */
  type Batch = {
    ids: repository.IdList;
    count: number;
    attempts: number;
    listens: string | null;
    rows: Row[];
  };

  /** A row queued without its encoded listen (Last.fm's, or one queued before they had one). */
  const listenOf = (row: { track: ScrobbledTrack | null; listened_at: Date | null }): Listen => ({
    track: row.track as ScrobbledTrack,
    listenedAt: row.listened_at as Date,
  });

  /**
   * The account's next batches after `after`. ListenBrainz's come aggregated by PostgreSQL (a row a
   * batch, its listens joined); Last.fm's as rows, whose form fields are built at the send.
   */
  async function readBatches(
    account: { userId: number; service: TScrobbleService },
    after: repository.ReadPosition | null,
    places: number,
    size: number,
  ): Promise<{ batches: Batch[]; position: repository.ReadPosition | null }> {
    const now = new Date();
    if (account.service === 'listenbrainz') {
      const read = await repository.readDueBatches(db, account, { after, size, batches: places, now });
      return { batches: read.batches.map((batch) => ({ ...batch, rows: [] })), position: read.position };
    }
    const rows = await repository.readDue(db, account, { after, limit: places * size, now });
    const batches: Batch[] = [];
    for (let start = 0; start < rows.length; start += size) {
      const batch = rows.slice(start, start + size);
      batches.push({
        ids: repository.idList(batch.map((row) => row.id)),
        count: batch.length,
        attempts: Math.min(...batch.map((row) => row.attempts)),
        listens: null,
        rows: batch,
      });
    }
    const last = rows.at(-1);
    return { batches, position: last ? { id: last.id, at: last.position } : null };
  }

  async function send(clients: Clients, service: TScrobbleService, credential: string, batch: Batch) {
    if (service === 'listenbrainz') {
      const listens =
        batch.listens ??
        (await repository.readListens(db, batch.ids))
          .map((row) => row.listen ?? encodeListenBrainzListen(listenOf(row)))
          .join(',');
      return clients.listenbrainz.submitJoined(credential, listens, batch.count);
    }
    if (!clients.lastfm) throw new Error('Last.fm is not set up on this site.');
    return clients.lastfm.scrobble(credential, batch.rows.map(listenOf));
  }

  /**
   * One read batch on the wire. Answers whether its place is free again: true once the service
   * took it (its mark goes on in `marks`, written by the group commit), false when it failed (it
   * is marked failed first, and the sender stops).
   */
  async function sendBatch(
    clients: Clients,
    service: TScrobbleService,
    credential: string,
    batch: Batch,
    marks: Set<Promise<void>>,
    onMarkError: (error: unknown) => void,
  ): Promise<boolean> {
    try {
      await send(clients, service, credential, batch);
    } catch (error) {
      await repository.markFailed(db, batch.ids, {
        error: error instanceof Error ? error.message : String(error),
        retryAt: new Date(Date.now() + retryDelayMs(batch.attempts)),
        finalAttempts: FINAL_ATTEMPTS,
        now: new Date(),
      });
      return false;
    }
    const mark = markSent(batch.ids);
    marks.add(mark);
    // A mark that failed stays in `marks`: the sender stops and throws it once everything is done.
    mark.then(() => marks.delete(mark), onMarkError);
    return true;
  }

  /**
   * Keeps the account's places on the wire full: the next rows are read while batches are out (a
   * read for every place once half of the read batches are gone), a place is taken again as soon
   * as the service answers (the mark does not hold it), and the sender ends when nothing is left
   * to read and every batch and mark is done. After a failure it reads nothing more, sends nothing
   * more, and gives the batches it read but did not send back (due with the failed batch).
   */
  async function deliver(payload: unknown): Promise<void> {
    const { userId, service } = payload as { userId: number; service: TScrobbleService };
    const account = { userId, service };
    const sender = randomUUID();
    const lease = () => ({ sender, until: new Date(Date.now() + LEASE_MS), now: new Date() });
    const taken = await repository.takeAccount(db, account, lease());
    if (!taken) return; // Not connected, or another sender has it.
    let renewAt = Date.now() + RENEW_AFTER_MS;
    const credential = deps.credentialOf(taken.credential);
    const clients = await deps.clients();
    const places = IN_FLIGHT[service];
    const size = BATCH[service];
    const inFlight = new Set<Promise<void>>();
    const marks = new Set<Promise<void>>();
    const read: Batch[] = [];
    let after: repository.ReadPosition | null = null;
    let reading: Promise<void> | null = null;
    let isExhausted = false;
    let isLost = false;
    let stopped = false;
    let firstError: unknown = null;
    const fail = (error: unknown) => {
      stopped = true;
      firstError ??= error;
    };
    async function readNext() {
      if (Date.now() >= renewAt) {
        renewAt = Date.now() + RENEW_AFTER_MS;
        if (!(await repository.renewAccount(db, account, lease()))) {
          isLost = true;
          stopped = true;
          return;
        }
      }
      const next = await readBatches(account, after, places, size);
      after = next.position ?? after;
      read.push(...next.batches);
      const count = next.batches.reduce((sum, batch) => sum + batch.count, 0);
      if (count < places * size) isExhausted = true;
    }
    const startReading = () => {
      const current: Promise<void> = readNext()
        .catch(fail)
        .finally(() => {
          reading = null;
        });
      reading = current;
    };
    const launch = (batch: Batch) => {
      const sent: Promise<void> = sendBatch(clients, service, credential, batch, marks, fail)
        .then((isSent) => {
          if (!isSent) stopped = true;
        }, fail) // A database error after the send: the account stays leased and its rows go again after the lease.
        .finally(() => inFlight.delete(sent));
      inFlight.add(sent);
    };
    try {
      while (true) {
        while (!stopped && read.length > 0 && inFlight.size < places) launch(read.shift() as Batch);
        // After the launches: the next rows are read while the batches just sent are on the wire.
        if (!stopped && !isExhausted && !reading && read.length <= places / 2) startReading();
        const waits = [...inFlight, ...(reading ? [reading] : [])];
        if (waits.length === 0) break;
        await Promise.race(waits);
      }
    } finally {
      // Never leave a batch behind: each one ends marked sent, marked failed, or given back.
      await Promise.all(inFlight);
      await reading;
      await Promise.all([...marks].map((mark) => mark.catch(fail)));
      const unsent = read.splice(0);
      if (unsent.length > 0 && !isLost) {
        const due = new Date(Date.now() + retryDelayMs(Math.min(...unsent.map((batch) => batch.attempts))));
        await repository.postpone(db, repository.joinIdLists(unsent.map((batch) => batch.ids)), due);
      }
      // After a database error the lease stays: a batch answered but not marked goes again only
      // once it ends. Otherwise every answered batch is marked: the account is free for the next.
      if (!firstError && !isLost) await repository.releaseAccount(db, account, sender);
    }
    if (firstError) throw firstError;
  }

  /** Best effort: a "now playing" that fails is not worth a retry (the track has moved on). */
  async function nowPlaying(payload: unknown): Promise<void> {
    const { userId, service, track } = payload as {
      userId: number;
      service: TScrobbleService;
      track: ScrobbledTrack;
    };
    const connection = await repository.findConnection(db, userId, service);
    if (!connection) return;
    const credential = deps.credentialOf(connection.credential);
    const clients = await deps.clients();
    try {
      if (service === 'listenbrainz') await clients.listenbrainz.nowPlaying(credential, track);
      else await clients.lastfm?.nowPlaying(credential, track);
    } catch (error) {
      deps.log({ err: error, service }, 'Now playing not sent');
    }
  }

  return { deliver, nowPlaying };
}
