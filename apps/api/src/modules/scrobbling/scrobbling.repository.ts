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

/**
 * The account's next `limit` due scrobbles in listening order, after the row `afterId` (the last
 * one read before): a read, not a write, because the sender reading holds the account's lease.
 * `scrobble_outbox_account_due_index` hands them in this order; the position is the row's own
 * (time, id) as stored, so no rounding of the time can read a row twice.
 */
export function readDue(db: Db, key: Account, options: { afterId: string | null; limit: number; now: Date }) {
  const { afterId } = options;
  return db
    .selectFrom('scrobble_outbox')
    .select(['id', 'track', 'listened_at', 'attempts'])
    .where('user_id', '=', key.userId)
    .where('service', '=', key.service)
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .where('next_attempt_at', '<=', options.now)
    .$if(afterId !== null, (query) =>
      query.where(
        sql<boolean>`(listened_at, id) > (select o.listened_at, o.id from scrobble_outbox o where o.id = ${afterId})`,
      ),
    )
    .orderBy('listened_at')
    .orderBy('id')
    .limit(options.limit)
    .execute();
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

/** Rows read but not sent by a sender that stopped: due again at `until`, their attempts unchanged. */
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
