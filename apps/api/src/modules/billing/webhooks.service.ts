import type { TAdminWebhookEventsQuery, TWebhookEvent } from '@cadence/contracts/billing';
import type { Kysely } from 'kysely';
import { mapAdminPage } from '../../platform/db/admin-list';
import { createGroupCommit } from '../../platform/db/group-commit';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import type { JobLog } from '../../platform/jobs/jobs';
import { type VerifiedEvent, WebhookRefusedError } from './gateways/gateway-types';
import type { GatewayRegistry } from './gateways/gateways';
import {
  countUnprocessedEvents,
  eventKey,
  eventsByIds,
  findEventById,
  type StoredEventValues,
  storeEvents,
  unprocessedEvents,
  webhookEventsPage,
} from './webhook-events.repository';
import { type Ask, askOf, type WebhookJob } from './webhook-job';

type Deps = {
  db: Kysely<Database>;
  gateways: GatewayRegistry;
  /** Insert batches of received events in flight at once (platform/db/group-commit.ts). */
  storeWriters?: number;
};
type Outcome = { received: true; duplicate: boolean };
type EventRow = {
  id: number;
  gateway_name: string;
  event_id: string;
  event_type: string;
  subject: string | null;
  received_at: Date;
  processed_at: Date | null;
  attempts: number;
  last_error: string | null;
};

/** The admin's view of a stored event: applied, pending (never tried) or failed (tried, still pending). */
export function toWebhookEventDto(row: EventRow): TWebhookEvent {
  return {
    id: row.id,
    provider: row.gateway_name === 'paypal' ? 'paypal' : 'stripe',
    event_id: row.event_id,
    event_type: row.event_type,
    subject: row.subject,
    status: row.processed_at ? 'applied' : row.attempts > 0 ? 'failed' : 'pending',
    attempts: row.attempts,
    last_error: row.last_error,
    received_at: row.received_at.toISOString(),
    processed_at: row.processed_at ? row.processed_at.toISOString() : null,
  };
}

/** The body as received, indented when it is JSON (it always is once verified), else as is. */
function prettyPayload(payload: string): string {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2);
  } catch {
    return payload;
  }
}

/** A refused webhook is the sender's problem (400); anything else (PayPal unreachable) stays ours. */
async function refusedAsBadRequest(verify: () => VerifiedEvent | Promise<VerifiedEvent>) {
  try {
    return await verify();
  } catch (error) {
    if (error instanceof WebhookRefusedError) throw new AppError('bad_request', error.message);
    throw error;
  }
}

/**
 * Provider webhooks. The request only verifies the event (its gateway checks the signature and
 * its freshness), stores it once (its provider id is unique: a duplicate stores nothing; the events
 * of requests that arrive together are stored by one insert) and asks for a sweep, which applies
 * it (apply-webhook-events.ts, run by the job of webhook-job.ts). Pending events are asked for
 * again at start and on a timer, and by the admin's "retry now", so nothing stored is lost.
 */
export function createWebhooksService({ db, gateways, storeWriters = 1 }: Deps) {
  let job: WebhookJob | null = null;
  let log: JobLog = { error: () => {} };

  async function enqueue(ask: Ask) {
    if (!job) throw new Error('Billing webhooks are not bound to a job queue.');
    await job.ask(ask);
  }

  return {
    /** Takes the job that applies stored events (bound by the billing plugin once the queue exists). */
    useJob(bound: WebhookJob, jobLog: JobLog) {
      job = bound;
      log = jobLog;
    },
    ...webhookReceipt({ db, gateways, storeWriters }, enqueue, () => log),
    ...webhookAdmin(db, enqueue),
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;

type Enqueue = (ask: Ask) => Promise<void>;

/** The providers' requests: verified, stored once, a sweep asked for. */
function webhookReceipt({ db, gateways, storeWriters }: Required<Deps>, enqueue: Enqueue, log: () => JobLog) {
  /**
   * The events of the requests that arrive together are stored by one insert (group commit); a
   * batch's duplicates are stored once, and only the first of them is new.
   */
  const store = createGroupCommit(
    async (batch: readonly StoredEventValues[]) => {
      const firsts = new Map<string, StoredEventValues>();
      for (const values of batch) {
        const key = eventKey(values.gateway, values.eventId);
        if (!firsts.has(key)) firsts.set(key, values);
      }
      const stored = await storeEvents(db, [...firsts.values()]);
      return batch.map((values) => {
        const key = eventKey(values.gateway, values.eventId);
        return firsts.get(key) === values && stored.has(key);
      });
    },
    // Batches side by side are safe: a duplicate in two of them is inserted by one, and the
    // other's insert waits for that commit and stores nothing.
    { writersAtOnce: storeWriters },
  );

  async function receive(gateway: Ask['gateway'], event: VerifiedEvent, payload: string): Promise<Outcome> {
    const isNew = await store({
      gateway,
      eventId: event.id,
      type: event.type,
      subject: event.subject,
      payload,
    });
    if (isNew)
      // Stored is safe: a queue that cannot take the job now is made up for by the re-queue timer.
      await enqueue({ gateway, subject: event.subject, eventId: event.id }).catch((error) =>
        log().error({ err: error, gateway, eventId: event.id }, 'Webhook event stored but not queued'),
      );
    return { received: true, duplicate: !isNew };
  }

  return {
    async stripe(rawBody: string, signature: string | undefined): Promise<Outcome> {
      const stripe = (await gateways()).stripe;
      if (!stripe) throw new AppError('not_found');
      const event = await refusedAsBadRequest(() => stripe.verifyEvent(rawBody, signature ?? ''));
      return receive('stripe', event, rawBody);
    },

    async paypal(headers: Record<string, string | string[] | undefined>, rawBody: string): Promise<Outcome> {
      const paypal = (await gateways()).paypal;
      if (!paypal) throw new AppError('not_found');
      const event = await refusedAsBadRequest(() => paypal.verifyEvent(headers, rawBody));
      return receive('paypal', event, rawBody);
    },
  };
}

/** Stored events asked for again (start, timer, "retry now") and the admin's view of them. */
function webhookAdmin(db: Kysely<Database>, enqueue: Enqueue) {
  return {
    /**
     * Queues the stored events not applied yet that were received `olderThanMs` ago or earlier: at
     * start (all of them: a restart lost the in-process queue) and by a scheduled task (a lost job).
     */
    async requeuePending(options: { olderThanMs: number; retryBackoffMs?: number }) {
      const before = new Date(Date.now() - options.olderThanMs);
      const rows = await unprocessedEvents(db, before, 10_000, options.retryBackoffMs);
      for (const row of rows) await enqueue(askOf(row));
      return rows.length;
    },

    /** /admin/billing/webhooks: one page of stored events. */
    async list(input: TAdminWebhookEventsQuery) {
      return mapAdminPage(await webhookEventsPage(db, input), (rows) => rows.map(toWebhookEventDto));
    },

    /** One stored event with its body. */
    async get(id: number) {
      const row = await findEventById(db, id);
      if (!row) throw new AppError('not_found');
      return { ...toWebhookEventDto(row), payload: prettyPayload(row.payload) };
    },

    /**
     * "Retry now": the given events not applied yet are queued at once, whatever their backoff
     * (the job applies their subscription's pending events). Answers those queued and those
     * skipped (already applied); none of the ids stored: 404.
     */
    async retryNow(ids: number[]) {
      const rows = await eventsByIds(db, [...new Set(ids)]);
      if (rows.length === 0) throw new AppError('not_found');
      const due = rows.filter((row) => !row.processed_at);
      for (const row of due) await enqueue(askOf(row));
      return { queued: due, skipped: rows.length - due.length };
    },

    /** Stored events the job has not applied yet (tests wait for zero). */
    pendingCount: () => countUnprocessedEvents(db),
  };
}
