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

/** The credentials go, and with them what was still owed to that account (it could never be sent). */
export async function deleteConnection(db: Db, userId: number, service: TScrobbleService): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('scrobble_outbox')
      .where('user_id', '=', userId)
      .where('service', '=', service)
      .where('sent_at', 'is', null)
      .execute();
    await trx
      .deleteFrom('scrobble_connections')
      .where('user_id', '=', userId)
      .where('service', '=', service)
      .execute();
  });
}

/** Queues one listen for each service; a listen already queued for a service is left as it is. */
export async function queueScrobbles(
  db: Db,
  rows: {
    user_id: number;
    service: TScrobbleService;
    play_key: string;
    track: ScrobbledTrack;
    listened_at: Date;
  }[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insertInto('scrobble_outbox')
    .values(rows.map((row) => ({ ...row, track: JSON.stringify(row.track), next_attempt_at: new Date() })))
    .onConflict((oc) => oc.columns(['user_id', 'service', 'play_key']).doNothing())
    .returning('id')
    .execute();
  return inserted.length;
}

/**
 * Takes up to `limit` due scrobbles of one account for `leaseMs`: another sender (or another batch
 * of the same sender) skips them until the lease ends (a sender that died gives them back that
 * way). `scrobble_outbox_account_due_index` hands the account's owed rows in this order.
 *
 * The claim commits without waiting for its WAL flush (a flush is most of a small write's time):
 * a claim lost in a database crash leaves its rows due, as if it had never run, and the mark of a
 * sent batch commits with its flush, which flushes every claim before it. Durability is owed to
 * "sent", not to "leased".
 */
export async function claimDue(
  db: Db,
  key: { userId: number; service: TScrobbleService },
  options: { limit: number; leaseMs: number; now: Date },
) {
  const until = new Date(options.now.getTime() + options.leaseMs);
  const rows = await db.transaction().execute(async (trx) => {
    await sql`set local synchronous_commit = off`.execute(trx);
    const due = trx
      .selectFrom('scrobble_outbox')
      .select('id')
      .where('user_id', '=', key.userId)
      .where('service', '=', key.service)
      .where('sent_at', 'is', null)
      .where('failed_at', 'is', null)
      .where('next_attempt_at', '<=', options.now)
      .orderBy('listened_at')
      .orderBy('id')
      .limit(options.limit)
      .forUpdate()
      .skipLocked();
    // `= any(array(...))`, not `in (...)`: the ids are taken once, then found by primary key. As a
    // join, a freshly filled outbox without statistics got a plan that re-ran the claim per row.
    return trx
      .updateTable('scrobble_outbox')
      .set({ next_attempt_at: until })
      .where(sql<boolean>`id = any(array(${due}))`)
      .returning(['id', 'track', 'listened_at', 'attempts'])
      .execute();
  });
  return rows.sort((a, b) => a.listened_at.getTime() - b.listened_at.getTime());
}

/** One statement for any number of batches: the ids travel as one array parameter. */
export async function markSent(db: Db, ids: readonly string[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('scrobble_outbox')
    .set({ sent_at: at, last_error: null })
    .where(sql<boolean>`id = any(${ids}::bigint[])`)
    .execute();
}

/** Claimed rows a stopped sender did not send: due again at `until`, their attempts unchanged. */
export async function postpone(db: Db, ids: readonly string[], until: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('scrobble_outbox')
    .set({ next_attempt_at: until })
    .where(sql<boolean>`id = any(${ids}::bigint[])`)
    .where('sent_at', 'is', null)
    .execute();
}

/** A failed send: due again at `retryAt`, or given up (`isFinal`). */
export async function markFailed(
  db: Db,
  ids: string[],
  failure: { error: string; retryAt: Date; finalAttempts: number; now: Date },
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('scrobble_outbox')
    .set({
      attempts: sql`attempts + 1`,
      last_error: failure.error.slice(0, 500),
      next_attempt_at: failure.retryAt,
      failed_at: sql`case when attempts + 1 >= ${failure.finalAttempts} then ${failure.now}::timestamptz else null end`,
    })
    .where('id', 'in', ids)
    .execute();
}

/** Each account with scrobbles due now: what the sweep queues a sender for. */
export function dueAccounts(db: Db, now: Date) {
  return db
    .selectFrom('scrobble_outbox')
    .select(['user_id', 'service'])
    .distinct()
    .where('sent_at', 'is', null)
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
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .groupBy('service')
    .execute();
}
