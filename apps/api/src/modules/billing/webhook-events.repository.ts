import type { TAdminWebhookEventsQuery } from '@cadence/contracts/billing';
import { type Kysely, sql, type Transaction } from 'kysely';
import { adminPage, searchColumns } from '../../platform/db/admin-list';
import type { Database } from '../../platform/db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** A verified webhook event as stored. */
export type StoredEventValues = {
  gateway: string;
  eventId: string;
  type: string;
  subject: string | null;
  payload: string;
};

/** One stored event's identity: its provider and the provider's event id. */
export const eventKey = (gateway: string, eventId: string) => `${gateway}\n${eventId}`;

/**
 * Stores verified events once each: the unique (gateway, event id) with ON CONFLICT DO NOTHING
 * is the dedupe, and one statement takes every event that arrived together (the webhook
 * requests of one moment, see webhooks.service.ts). Answers the keys (`gateway` + `\n` + event
 * id) this call stored: the others were stored before, duplicates.
 */
export async function storeEvents(db: Db, events: StoredEventValues[]): Promise<Set<string>> {
  if (events.length === 0) return new Set();
  const rows = await db
    .insertInto('billing_webhook_events')
    .values(
      events.map((values) => ({
        gateway_name: values.gateway,
        event_id: values.eventId,
        event_type: values.type,
        subject: values.subject,
        payload: values.payload,
      })),
    )
    .onConflict((oc) => oc.columns(['gateway_name', 'event_id']).doNothing())
    .returning(['gateway_name', 'event_id'])
    .execute();
  return new Set(rows.map((row) => eventKey(row.gateway_name, row.event_id)));
}

/**
 * The webhook sweep's events: every pending event never tried (`attempts` 0), and the pending
 * events of the subscriptions or events asked for by name (a retry, the admin's "retry now", the
 * re-queue), whatever their attempts; oldest first.
 */
export function sweepableEvents(
  db: Db,
  asks: { gateway: string; subject: string | null; eventId: string }[],
  limit: number,
) {
  return db
    .selectFrom('billing_webhook_events')
    .selectAll()
    .where('processed_at', 'is', null)
    .where((eb) => {
      const named = (['stripe', 'paypal'] as const).flatMap((gateway) => {
        const mine = asks.filter((ask) => ask.gateway === gateway);
        const subjects = [...new Set(mine.flatMap((ask) => (ask.subject === null ? [] : [ask.subject])))];
        const events = [...new Set(mine.filter((ask) => ask.subject === null).map((ask) => ask.eventId))];
        return [
          ...(subjects.length > 0
            ? [eb.and([eb('gateway_name', '=', gateway), eb('subject', 'in', subjects)])]
            : []),
          ...(events.length > 0
            ? [eb.and([eb('gateway_name', '=', gateway), eb('event_id', 'in', events)])]
            : []),
        ];
      });
      return eb.or([eb('attempts', '=', 0), ...named]);
    })
    .orderBy('received_at')
    .orderBy('event_id')
    .limit(limit)
    .execute();
}

/** Marks these events (of any provider) processed, the pending ones only, and answers those. */
export async function claimEvents(db: Db, events: { gateway: string; eventId: string }[]) {
  const claimed: { gateway_name: string; event_id: string }[] = [];
  for (const gateway of new Set(events.map((event) => event.gateway))) {
    const ids = events.filter((event) => event.gateway === gateway).map((event) => event.eventId);
    claimed.push(
      ...(await db
        .updateTable('billing_webhook_events')
        .set({ processed_at: new Date(), last_error: null })
        .where('gateway_name', '=', gateway)
        .where('event_id', 'in', ids)
        .where('processed_at', 'is', null)
        .returning(['gateway_name', 'event_id'])
        .execute()),
    );
  }
  return claimed;
}

/** A failed attempt, kept for the admin and the logs; the event stays pending. */
export function noteEventFailure(db: Db, gateway: string, eventIds: string[], error: string) {
  return db
    .updateTable('billing_webhook_events')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: error.slice(0, 1000) }))
    .where('gateway_name', '=', gateway)
    .where('event_id', 'in', eventIds)
    .where('processed_at', 'is', null)
    .execute();
}

/**
 * Stored events not applied yet (received before `before`), oldest first: the re-queue after a
 * restart and the sweep. With `retryBackoffMs`, an event that already failed `n` times waits
 * until `n² × retryBackoffMs` after its receipt: an event that always fails is tried less and
 * less often (with 5 minutes: 5, 20, 45 minutes... about every 3 hours after a day), never
 * dropped, and its `last_error` stays for the admin.
 */
export function unprocessedEvents(db: Db, before: Date, limit: number, retryBackoffMs = 0) {
  return db
    .selectFrom('billing_webhook_events')
    .select(['gateway_name', 'event_id', 'subject'])
    .where('processed_at', 'is', null)
    .where('received_at', '<=', before)
    .where(
      sql<boolean>`received_at + attempts * attempts * ${retryBackoffMs} * interval '1 millisecond' <= ${before}`,
    )
    .orderBy('received_at')
    .limit(limit)
    .execute();
}

/** /admin/billing/webhooks: a page of stored events, newest first, seekable by (received_at, id). */
export function webhookEventsPage(db: Kysely<Database>, input: TAdminWebhookEventsQuery) {
  let base = db.selectFrom('billing_webhook_events');
  if (input.provider) base = base.where('gateway_name', '=', input.provider);
  if (input.status === 'applied') base = base.where('processed_at', 'is not', null);
  if (input.status === 'pending') base = base.where('processed_at', 'is', null).where('attempts', '=', 0);
  if (input.status === 'failed') base = base.where('processed_at', 'is', null).where('attempts', '>', 0);
  if (input.query) base = base.where(searchColumns(['billing_webhook_events.event_id'], input.query));
  return adminPage(
    base,
    input,
    {
      sortable: { received_at: 'billing_webhook_events.received_at' },
      defaultOrderBy: 'received_at',
      defaultDir: 'desc',
      tieBreaker: 'billing_webhook_events.id',
      seek: { received_at: 'timestamptz' },
    },
    (query) =>
      query.select([
        'id',
        'gateway_name',
        'event_id',
        'event_type',
        'subject',
        'received_at',
        'processed_at',
        'attempts',
        'last_error',
      ]),
    { db },
  );
}

export function findEventById(db: Db, id: number) {
  return db.selectFrom('billing_webhook_events').selectAll().where('id', '=', id).executeTakeFirst();
}

export function eventsByIds(db: Db, ids: number[]) {
  return db
    .selectFrom('billing_webhook_events')
    .select(['id', 'gateway_name', 'event_id', 'subject', 'processed_at', 'attempts', 'last_error'])
    .where('id', 'in', ids)
    .orderBy('received_at')
    .orderBy('id')
    .execute();
}

export async function countUnprocessedEvents(db: Db) {
  return Number(
    (
      await db
        .selectFrom('billing_webhook_events')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('processed_at', 'is', null)
        .executeTakeFirstOrThrow()
    ).count,
  );
}
