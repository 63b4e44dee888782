import type { TScrobbleService } from '@cadence/contracts/scrobbling';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { ScrobbledTrack } from './scrobbling.tables';

type Db = Kysely<Database>;

export function listConnections(db: Db, userId: number) {
  return db
    .selectFrom('scrobble_connections')
    .select(['service', 'credential', 'account_name', 'created_at'])
    .where('user_id', '=', userId)
    .execute();
}

export function findConnection(db: Db, userId: number, service: TScrobbleService) {
  return db
    .selectFrom('scrobble_connections')
    .select(['service', 'credential', 'account_name'])
    .where('user_id', '=', userId)
    .where('service', '=', service)
    .executeTakeFirst();
}

export async function saveConnection(
  db: Db,
  row: { user_id: number; service: TScrobbleService; credential: string; account_name: string | null },
): Promise<void> {
  await db
    .insertInto('scrobble_connections')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['user_id', 'service']).doUpdateSet({
        credential: row.credential,
        account_name: row.account_name,
        created_at: new Date(),
      }),
    )
    .execute();
}

/**
 * The credentials go, and with them what was still owed to that account (it could never be sent):
 * its rows and their keys (a listen never sent may be queued again once connected again).
 */
export async function deleteConnection(db: Db, userId: number, service: TScrobbleService): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const owed = await trx
      .deleteFrom('scrobble_outbox')
      .where('user_id', '=', userId)
      .where('service', '=', service)
      .returning('play_key')
      .execute();
    if (owed.length > 0)
      await trx
        .deleteFrom('scrobble_keys')
        .where('user_id', '=', userId)
        .where('service', '=', service)
        .where(
          'play_key',
          'in',
          owed.map((row) => row.play_key),
        )
        .execute();
    await trx
      .deleteFrom('scrobble_connections')
      .where('user_id', '=', userId)
      .where('service', '=', service)
      .execute();
  });
}

/**
 * Queues one listen for each service; a listen queued before for a service (still owed or sent
 * long ago) is not queued again: its key is kept in `scrobble_keys`, written first in the same
 * transaction (a second report waits for the first's commit, then finds the key).
 */
export async function queueScrobbles(
  db: Db,
  rows: {
    user_id: number;
    service: TScrobbleService;
    play_key: string;
    track: ScrobbledTrack;
    listened_at: Date;
    listen: string | null;
  }[],
): Promise<number> {
  if (rows.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    const fresh = await trx
      .insertInto('scrobble_keys')
      .values(rows.map((row) => ({ user_id: row.user_id, service: row.service, play_key: row.play_key })))
      .onConflict((oc) => oc.columns(['user_id', 'service', 'play_key']).doNothing())
      .returning(['user_id', 'service', 'play_key'])
      .execute();
    const isFresh = new Set(fresh.map((key) => `${key.user_id}|${key.service}|${key.play_key}`));
    const queued = rows.filter((row) => isFresh.has(`${row.user_id}|${row.service}|${row.play_key}`));
    if (queued.length === 0) return 0;
    await trx
      .insertInto('scrobble_outbox')
      .values(
        queued.map((row) => ({ ...row, track: JSON.stringify(row.track), next_attempt_at: new Date() })),
      )
      .execute();
    return queued.length;
  });
}

type Account = { userId: number; service: TScrobbleService };

/**
 * Leases the account to `sender` until `until` unless another sender holds it: answers the stored
 * credential, or undefined (not connected, or taken). A sender that died gives the account back
 * when its lease ends.
 */
export async function takeAccount(db: Db, key: Account, lease: { sender: string; until: Date; now: Date }) {
  return db
    .updateTable('scrobble_connections')
    .set({ sender: lease.sender, sender_until: lease.until })
    .where('user_id', '=', key.userId)
    .where('service', '=', key.service)
    .where((eb) => eb.or([eb('sender_until', 'is', null), eb('sender_until', '<=', lease.now)]))
    .returning('credential')
    .executeTakeFirst();
}

/** Extends the lease `sender` holds; false when the account was disconnected or taken by another. */
export async function renewAccount(db: Db, key: Account, lease: { sender: string; until: Date }) {
  const row = await db
    .updateTable('scrobble_connections')
    .set({ sender_until: lease.until })
    .where('user_id', '=', key.userId)
    .where('service', '=', key.service)
    .where('sender', '=', lease.sender)
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function releaseAccount(db: Db, key: Account, sender: string): Promise<void> {
  await db
    .updateTable('scrobble_connections')
    .set({ sender: null, sender_until: null })
    .where('user_id', '=', key.userId)
    .where('service', '=', key.service)
    .where('sender', '=', sender)
    .execute();
}

/** Where a sender's reading stands: the last row read, its (time, id) as stored. */
export type ReadPosition = { id: string; at: string };

/**
 * The account's next `limit` due scrobbles in listening order, after `after` (the last row read
 * before): a read, not a write, because the sender reading holds the account's lease.
 * `scrobble_outbox_account_due_index` hands them in this order. The position travels by value,
 * the time as PostgreSQL's own text (microseconds and offset: no rounding can read a row twice),
 * because the row it names may be sent and deleted before the next read. A row with its `listen`
 * encoded comes without `track` and `listened_at` (no JSON or date parsed for it).
 */
export function readDue(
  db: Db,
  key: Account,
  options: { after: ReadPosition | null; limit: number; now: Date },
) {
  const { after } = options;
  return db
    .selectFrom('scrobble_outbox')
    .select([
      'id',
      'listen',
      'attempts',
      sql<string>`listened_at::text`.as('position'),
      sql<ScrobbledTrack | null>`case when listen is null then track end`.as('track'),
      sql<Date | null>`case when listen is null then listened_at end`.as('listened_at'),
    ])
    .where('user_id', '=', key.userId)
    .where('service', '=', key.service)
    .where('failed_at', 'is', null)
    .where('next_attempt_at', '<=', options.now)
    .$if(after !== null, (query) =>
      query.where(sql<boolean>`(listened_at, id) > (${after?.at}::timestamptz, ${after?.id}::bigint)`),
    )
    .orderBy('listened_at')
    .orderBy('id')
    .limit(options.limit)
    .execute();
}

/**
 * Ids as PostgreSQL's array literal (`{1,2,3}`): how a batch's ids travel, from the read that
 * aggregates them to the statement that deletes them, as text (the driver's array parameter
 * escapes and quotes every element, a cost a mark of thousands of rows paid for nothing: they are
 * digits).
 */
export type IdList = string;
export const idList = (ids: readonly string[]): IdList => `{${ids.join(',')}}`;
/** Several batches' ids as one list (the group commit's mark, the batches given back). */
export const joinIdLists = (lists: readonly IdList[]): IdList =>
  lists.length === 1 ? (lists[0] as IdList) : idList(lists.map((list) => list.slice(1, -1)).filter(Boolean));

/** A batch of the ListenBrainz read: its ids, count, fewest attempts, and its listens' texts joined. */
export type DueBatch = {
  ids: IdList;
  count: number;
  attempts: number;
  /** The rows' encoded listens joined by commas; null when a row has none (queued before they had). */
  listens: string | null;
};

/**
 * `readDue` for rows whose listen was encoded when queued (ListenBrainz), in `batches` batches of
 * `size`, read as one row: PostgreSQL joins the rows' ids and their listens' texts (`string_agg`:
 * copies of stored text, no JSON built) and this process cuts them into batches, so the driver
 * parses one row a read instead of one per listen. One aggregate over the ordered rows, not a
 * window numbering them into a group each (half the database's time a read, 0.9-1.1 ms against
 * 1.8-2.0 ms for 800 rows in pgbench). Both lists come from the same pass over the same rows, so
 * the n-th id is the n-th listen's whatever the order; the position, the last row in listening
 * order, is taken by its own ordered aggregate, not from the order the rows were joined in
 * (PostgreSQL 16 and later, PGlite's engine, sort the aggregates' input by that aggregate's order,
 * which is the listening order too). A listen's JSON holds no raw line break, so one joins them.
 * In a batch, the listens' order does not matter (each carries its time).
 */
export async function readDueBatches(
  db: Db,
  key: Account,
  options: { after: ReadPosition | null; size: number; batches: number; now: Date },
): Promise<{ batches: DueBatch[]; position: ReadPosition | null }> {
  const { after, size } = options;
  const from =
    after === null ? sql`true` : sql`(listened_at, id) > (${after.at}::timestamptz, ${after.id}::bigint)`;
  const { rows } = await sql<{
    count: number;
    encoded: number;
    attempts: number;
    ids: string;
    listens: string | null;
    last_at: string;
    last_id: string;
  }>`
    select count(*)::int as count, count(listen)::int as encoded, min(attempts)::int as attempts,
      string_agg(id::text, ',') as ids, string_agg(listen, chr(10)) as listens,
      max(listened_at)::text as last_at,
      (array_agg(id order by listened_at, id))[count(*)] as last_id
    from (
      select id, listen, attempts, listened_at from scrobble_outbox
      where user_id = ${key.userId} and service = ${key.service} and failed_at is null
        and next_attempt_at <= ${options.now} and ${from}
      order by listened_at, id
      limit ${size * options.batches}
    ) owed`.execute(db);
  const read = rows[0];
  if (!read || read.count === 0) return { batches: [], position: null };
  return {
    batches: cutIntoBatches(read, size),
    position: { id: read.last_id, at: read.last_at },
  };
}

/**
 * A read's joined ids and listens cut into batches of `size`. The read's fewest attempts stands
 * for each batch's (a failed batch's backoff: rows of one account are queued and retried
 * together). A read holding a row without its listen gives no listens: each batch reads its rows'
 * at the send (`string_agg` leaves the missing one out, so the lines no longer match the ids).
 */
function cutIntoBatches(
  read: { count: number; encoded: number; attempts: number; ids: string; listens: string | null },
  size: number,
): DueBatch[] {
  const ids = read.ids.split(',');
  const listens = read.encoded === read.count ? read.listens : null;
  const batches: DueBatch[] = [];
  let lineStart = 0;
  for (let first = 0; first < ids.length; first += size) {
    const batchIds = ids.slice(first, first + size);
    let text: string | null = null;
    if (listens !== null) {
      let lineEnd = lineStart;
      for (let line = 0; line < batchIds.length; line++) {
        lineEnd = listens.indexOf('\n', lineEnd + (line === 0 ? 0 : 1));
        if (lineEnd === -1) lineEnd = listens.length;
      }
      text = listens.slice(lineStart, lineEnd).replaceAll('\n', ',');
      lineStart = lineEnd + 1;
    }
    batches.push({ ids: idList(batchIds), count: batchIds.length, attempts: read.attempts, listens: text });
  }
  return batches;
}

/** The rows of a batch with a listen queued before rows had one encoded (built at the send). */
export function readListens(db: Db, ids: IdList) {
  return db
    .selectFrom('scrobble_outbox')
    .select(['listen', 'track', 'listened_at'])
    .where(sql<boolean>`id = any(${ids}::bigint[])`)
    .execute();
}

/**
 * The rows the service took are deleted, in one statement for any number of batches: a delete
 * writes one small WAL record a row, where an update marking them sent wrote the row again and an
 * entry in each of its indexes. Their keys stay (`queueScrobbles`).
 */
export async function deleteSent(db: Db, ids: IdList): Promise<void> {
  if (ids === '{}') return;
  await db.deleteFrom('scrobble_outbox').where(sql<boolean>`id = any(${ids}::bigint[])`).execute();
}

/** Rows read but not sent by a sender that stopped: due again at `until`, their attempts unchanged. */
export async function postpone(db: Db, ids: IdList, until: Date): Promise<void> {
  if (ids === '{}') return;
  await db
    .updateTable('scrobble_outbox')
    .set({ next_attempt_at: until })
    .where(sql<boolean>`id = any(${ids}::bigint[])`)
    .execute();
}

/** A failed send: due again at `retryAt`, or given up (`isFinal`). */
export async function markFailed(
  db: Db,
  ids: IdList,
  failure: { error: string; retryAt: Date; finalAttempts: number; now: Date },
): Promise<void> {
  if (ids === '{}') return;
  await db
    .updateTable('scrobble_outbox')
    .set({
      attempts: sql`attempts + 1`,
      last_error: failure.error.slice(0, 500),
      next_attempt_at: failure.retryAt,
      failed_at: sql`case when attempts + 1 >= ${failure.finalAttempts} then ${failure.now}::timestamptz else null end`,
    })
    .where(sql<boolean>`id = any(${ids}::bigint[])`)
    .execute();
}

/**
 * Forgets the keys of listens queued before `before` whose row is gone (sent, or dropped with its
 * connection): a listen is only ever reported again within its track's length and a quarter of an
 * hour, so an older key turns nothing away. A key whose row is still owed stays with it.
 */
export async function pruneSentKeys(db: Db, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('scrobble_keys')
    .where('created_at', '<', before)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('scrobble_outbox')
            .select('scrobble_outbox.id')
            .whereRef('scrobble_outbox.user_id', '=', 'scrobble_keys.user_id')
            .whereRef('scrobble_outbox.service', '=', 'scrobble_keys.service')
            .whereRef('scrobble_outbox.play_key', '=', 'scrobble_keys.play_key'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Each account with scrobbles due now: what the sweep queues a sender for. */
export function dueAccounts(db: Db, now: Date) {
  return db
    .selectFrom('scrobble_outbox')
    .select(['user_id', 'service'])
    .distinct()
    .where('failed_at', 'is', null)
    .where('next_attempt_at', '<=', now)
    .limit(10_000)
    .execute();
}

/** Per service: scrobbles still owed, and the last error of one. */
export async function outboxState(db: Db, userId: number) {
  return db
    .selectFrom('scrobble_outbox')
    .select([
      'service',
      (eb) => eb.fn.countAll<string>().as('pending'),
      (eb) => eb.fn.max('last_error').as('last_error'),
    ])
    .where('user_id', '=', userId)
    .where('failed_at', 'is', null)
    .groupBy('service')
    .execute();
}
