import type { TAdminWebhookEventsQuery, TWebhookEvent } from '@cadence/contracts/billing';
import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import { mapAdminPage } from '../../platform/db/admin-list';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import type { JobLog, JobQueue } from '../../platform/jobs/jobs';
import {
  eventKey,
  billingRepository as repo,
  type StoredEventValues,
  type SubscriptionRow,
} from './billing.repository';
import type { BillingNotice } from './billing-notifications';
import type { GatewayRegistry } from './gateways/gateways';
import type { InvoiceEvent, SubscriptionsService } from './subscriptions.service';

type Deps = { db: Kysely<Database>; gateways: GatewayRegistry; subscriptions: SubscriptionsService };
type Outcome = { received: true; duplicate: boolean };
type ProviderName = 'stripe' | 'paypal';
type StoredEvent = Awaited<ReturnType<typeof repo.pendingEventsOf>>[number];
type Json = Record<string, unknown>;

/** The job that applies one stored event (and its subscription's other pending events). */
export const WEBHOOK_JOB = 'billing.webhook-event';
/** How many of one subscription's pending events one job applies at most. */
const BATCH_LIMIT = 200;

/** What one event asks of the job: read the provider's subscription, record an invoice. */
type Plan = { needsState: boolean; userId?: number; invoice?: InvoiceEvent };

const toDate = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);
const idOf = (value: unknown) =>
  typeof value === 'string'
    ? value
    : typeof (value as Json)?.id === 'string'
      ? String((value as Json).id)
      : null;

/** PayPal amounts are decimal strings: to integer minor units without float drift. */
function minorUnits(value: string | undefined, currency: string): number {
  if (!value) return 0;
  const digits = ['JPY', 'HUF', 'TWD'].includes(currency.toUpperCase()) ? 0 : 2;
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0').slice(0, digits) || '0');
}

/** The provider subscription a Stripe event is about (null: none, nothing to apply). */
function stripeSubject(type: string, object: Json): string | null {
  if (type === 'checkout.session.completed')
    return object.mode === 'subscription' ? idOf(object.subscription) : null;
  if (type.startsWith('customer.subscription.')) return idOf(object.id);
  if (type === 'invoice.paid' || type === 'invoice.payment_failed') {
    const invoice = object as unknown as Stripe.Invoice;
    return invoice.id ? idOf(invoice.parent?.subscription_details?.subscription) : null;
  }
  return null;
}

function stripePlan(event: Stripe.Event): Plan {
  const object = event.data.object as unknown as Json;
  if (event.type === 'checkout.session.completed') {
    const userId = Number(object.client_reference_id);
    return { needsState: true, ...(Number.isInteger(userId) ? { userId } : {}) };
  }
  if (event.type.startsWith('customer.subscription.')) return { needsState: true };
  if (event.type !== 'invoice.paid' && event.type !== 'invoice.payment_failed') return { needsState: false };
  // The invoice needs its subscription row, not a fresh state: every state change also comes as
  // a customer.subscription.* event, which reads the provider. Only a first sighting (an invoice
  // ahead of its subscription's events) asks the provider.
  const invoice = object as unknown as Stripe.Invoice;
  const line = invoice.lines?.data?.[0];
  const paid = event.type === 'invoice.paid';
  return {
    needsState: false,
    invoice: {
      gatewayId: String(invoice.id),
      amount: paid ? invoice.amount_paid : invoice.amount_due,
      currency: invoice.currency,
      paid,
      periodStart: toDate(line?.period?.start ?? invoice.period_start),
      periodEnd: toDate(line?.period?.end ?? invoice.period_end),
    },
  };
}

type PaypalEvent = { id?: string; event_type?: string; resource?: Json };

function paypalSubject(type: string, resource: Json): string | null {
  if (type === 'PAYMENT.SALE.COMPLETED') return idOf(resource.billing_agreement_id);
  if (type.startsWith('BILLING.SUBSCRIPTION.')) return idOf(resource.id);
  return null;
}

function paypalPlan(event: PaypalEvent, receivedAt: Date): Plan {
  const resource = event.resource ?? {};
  if (event.event_type === 'PAYMENT.SALE.COMPLETED') {
    const amount = resource.amount as { total?: string; currency?: string } | undefined;
    const currency = amount?.currency ?? 'USD';
    if (typeof resource.id !== 'string') return { needsState: true };
    return {
      needsState: true,
      invoice: {
        gatewayId: resource.id,
        amount: minorUnits(amount?.total, currency),
        currency,
        paid: true,
        periodStart: receivedAt,
        periodEnd: null,
      },
    };
  }
  if (event.event_type === 'BILLING.SUBSCRIPTION.PAYMENT.FAILED') {
    const balance = (
      resource.billing_info as { outstanding_balance?: { value?: string; currency_code?: string } }
    )?.outstanding_balance;
    const currency = balance?.currency_code ?? 'USD';
    return {
      needsState: true,
      invoice: {
        gatewayId: `paypal-failed-${event.id}`,
        amount: minorUnits(balance?.value, currency),
        currency,
        paid: false,
        periodStart: receivedAt,
        periodEnd: null,
      },
    };
  }
  return { needsState: true };
}

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

function planOf(gateway: ProviderName, row: StoredEvent): Plan {
  const parsed = JSON.parse(row.payload) as Stripe.Event & PaypalEvent;
  return gateway === 'stripe' ? stripePlan(parsed) : paypalPlan(parsed, row.received_at);
}

/**
 * Provider webhooks. The request only verifies the signature, stores the event once (its
 * provider id is unique: a duplicate stores nothing) and queues a job; the job applies it. The
 * job takes every pending event of the same provider subscription, reads that subscription from
 * the provider once (never the event order or payload: order-proof), and writes the state, the
 * invoices and the events' `processed_at` in one transaction; the notifications follow the
 * commit. A provider or network failure leaves the events pending: the queue retries with
 * backoff, and pending events are re-queued at start and on a timer, so nothing stored is lost.
 */
export function createWebhooksService({ db, gateways, subscriptions }: Deps) {
  let queue: JobQueue | null = null;
  let log: JobLog = { error: () => {} };

  /**
   * Subscriptions whose job waits in the in-process queue: an event of one of them adds nothing,
   * the waiting job applies every pending event of its subscription when it runs (and drops its
   * key first, so an event stored after that read gets a job of its own). Only for the in-process
   * queue: with BullMQ the job may run in another process, which could not drop the key.
   */
  const queuedSubjects = new Set<string>();

  // No job id: the job is idempotent (a processed event is skipped), so a second job for the same
  // event costs one query; and a custom id would collide with the one BullMQ keeps for a failed job.
  async function enqueue(gateway: string, eventId: string, subject: string | null) {
    if (!queue) throw new Error('Billing webhooks are not bound to a job queue.');
    if (subject === null) return queue.enqueue(WEBHOOK_JOB, { gateway, eventId });
    const key = eventKey(gateway, subject);
    const collapses = queue.kind === 'in-process';
    if (collapses && queuedSubjects.has(key)) return;
    if (collapses) queuedSubjects.add(key);
    try {
      // One lane per subscription: two of its jobs side by side could commit in the opposite order
      // of their provider reads, the later commit writing the older state with no job left to fix it.
      await queue.enqueue(WEBHOOK_JOB, { gateway, eventId, subject }, { lane: `${WEBHOOK_JOB}:${key}` });
    } catch (error) {
      queuedSubjects.delete(key);
      throw error;
    }
  }

  /**
   * Group commit: the events of the requests that arrive together are stored by one insert (the
   * first waits for the current turn of the event loop to end; the ones that arrive while an
   * insert runs go in the next). A batch that fails is stored one by one, so one bad event fails
   * only its own request.
   */
  type Storing = { values: StoredEventValues; done: (error: unknown, isNew?: boolean) => void };
  const storing: Storing[] = [];
  let isFlushing = false;
  async function flushStores() {
    if (isFlushing) return;
    isFlushing = true;
    try {
      while (storing.length > 0) {
        const batch = storing.splice(0);
        const firsts = new Map<string, Storing>();
        for (const entry of batch) {
          const key = eventKey(entry.values.gateway, entry.values.eventId);
          if (!firsts.has(key)) firsts.set(key, entry);
        }
        const failed = new Map<string, unknown>();
        let stored = new Set<string>();
        try {
          stored = await repo.storeEvents(
            db,
            [...firsts.values()].map((entry) => entry.values),
          );
        } catch (error) {
          for (const [key, entry] of firsts) {
            if (firsts.size === 1) {
              failed.set(key, error);
              continue;
            }
            try {
              for (const one of await repo.storeEvents(db, [entry.values])) stored.add(one);
            } catch (single) {
              failed.set(key, single);
            }
          }
        }
        for (const entry of batch) {
          const key = eventKey(entry.values.gateway, entry.values.eventId);
          if (failed.has(key)) entry.done(failed.get(key));
          else entry.done(null, firsts.get(key) === entry && stored.has(key));
        }
      }
    } finally {
      isFlushing = false;
    }
  }
  function store(values: StoredEventValues): Promise<boolean> {
    return new Promise((resolve, reject) => {
      storing.push({ values, done: (error, isNew) => (error ? reject(error) : resolve(Boolean(isNew))) });
      if (storing.length === 1 && !isFlushing) setImmediate(() => void flushStores());
    });
  }

  async function receive(
    gateway: ProviderName,
    event: { id: string; type: string; subject: string | null },
    payload: string,
  ): Promise<Outcome> {
    const isNew = await store({
      gateway,
      eventId: event.id,
      type: event.type,
      subject: event.subject,
      payload,
    });
    if (isNew)
      // Stored is safe: a queue that cannot take the job now is made up for by the re-queue timer.
      await enqueue(gateway, event.id, event.subject).catch((error) =>
        log.error({ err: error, gateway, eventId: event.id }, 'Webhook event stored but not queued'),
      );
    return { received: true, duplicate: !isNew };
  }

  /** Applies pending events of one subscription (or one event without subscription) in one transaction. */
  async function applyBatch(gateway: ProviderName, subject: string | null, batch: StoredEvent[]) {
    const provider = (await gateways())[gateway];
    if (!provider) throw new Error(`${gateway} is switched off: its stored events wait.`);
    const plans = new Map(batch.map((row) => [row.event_id, planOf(gateway, row)]));
    const wantsState = [...plans.values()].some((plan) => plan.needsState);
    const wantsRow = [...plans.values()].some((plan) => plan.invoice);
    // The provider read happens before the transaction: no lock is held over the network.
    const remote =
      subject && (wantsState || (wantsRow && !(await repo.findSubscriptionByGateway(db, gateway, subject))))
        ? await provider.fetchSubscription(subject)
        : null;
    const userId = [...plans.values()].find((plan) => plan.userId !== undefined)?.userId;
    const notices = await db.transaction().execute(async (trx) => {
      const claimed = await repo.claimPendingEvents(
        trx,
        gateway,
        batch.map((row) => row.event_id),
      );
      if (claimed.length === 0) return [];
      const isClaimed = new Set(claimed.map((event) => event.event_id));
      let row: SubscriptionRow | null = null;
      if (remote) {
        const applied = await subscriptions.applyProviderState(
          gateway,
          remote,
          userId === undefined ? {} : { userId },
          trx,
        );
        // A second subscription of a user who holds one: refused and cancelled at the provider
        // (a failure rolls everything back and the job retries).
        if (applied.outcome === 'duplicate') await provider.cancelNow(remote.gatewayId);
        else row = applied.row;
      } else if (subject) row = (await repo.findSubscriptionByGateway(trx, gateway, subject)) ?? null;
      const out: BillingNotice[] = [];
      for (const event of batch) {
        const invoice = plans.get(event.event_id)?.invoice;
        if (!row || !invoice || !isClaimed.has(event.event_id)) continue;
        const notice = await subscriptions.recordInvoice(row, invoice, trx);
        if (notice) out.push(notice);
      }
      return out;
    });
    for (const notice of notices)
      await subscriptions
        .sendNotice(notice)
        .catch((error) => log.error({ err: error, gateway, subject }, 'Billing notification failed'));
  }

  async function applyOrNote(gateway: ProviderName, subject: string | null, batch: StoredEvent[]) {
    try {
      await applyBatch(gateway, subject, batch);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await repo
        .noteEventFailure(
          db,
          gateway,
          batch.map((row) => row.event_id),
          message,
        )
        .catch(() => undefined);
      throw error;
    }
  }

  /**
   * The job: every pending event of one subscription (the job's `subject`), a batch of at most
   * BATCH_LIMIT at a time, whichever event queued it (it may have been applied by an earlier job:
   * the events queued behind it were not). A job without subject (queued before subjects were in
   * the payload, or an event about no subscription) starts from its event.
   */
  async function processJob(gateway: ProviderName, eventId: string, subject: string | undefined) {
    if (subject !== undefined) queuedSubjects.delete(eventKey(gateway, subject));
    let about = subject;
    if (about === undefined) {
      const first = await repo.findEvent(db, gateway, eventId);
      if (!first || first.processed_at) return;
      if (!first.subject) return applyOrNote(gateway, null, [first]);
      about = first.subject;
    }
    for (;;) {
      const batch = await repo.pendingEventsOf(db, gateway, about, BATCH_LIMIT);
      if (batch.length === 0) return;
      await applyOrNote(gateway, about, batch);
      if (batch.length < BATCH_LIMIT) return;
    }
  }

  return {
    /** Registers the job on the api's queue (the composition root's queue exists after the services). */
    bindQueue(jobs: JobQueue, jobLog: JobLog) {
      queue = jobs;
      log = jobLog;
      jobs.register(WEBHOOK_JOB, async (payload) => {
        const { gateway, eventId, subject } = payload as {
          gateway?: string;
          eventId?: string;
          subject?: unknown;
        };
        if ((gateway !== 'stripe' && gateway !== 'paypal') || typeof eventId !== 'string') return;
        await processJob(gateway, eventId, typeof subject === 'string' ? subject : undefined);
      });
    },

    /**
     * Queues the stored events not applied yet that were received `olderThanMs` ago or earlier: at
     * start (all of them: a restart lost the in-process queue) and by a scheduled task (a lost job).
     */
    async requeuePending(options: { olderThanMs: number; retryBackoffMs?: number }) {
      const before = new Date(Date.now() - options.olderThanMs);
      const rows = await repo.unprocessedEvents(db, before, 10_000, options.retryBackoffMs);
      for (const row of rows) await enqueue(row.gateway_name, row.event_id, row.subject);
      return rows.length;
    },

    /** /admin/billing/webhooks: one page of stored events. */
    async list(input: TAdminWebhookEventsQuery) {
      return mapAdminPage(await repo.webhookEventsPage(db, input), (rows) => rows.map(toWebhookEventDto));
    },

    /** One stored event with its body. */
    async get(id: number) {
      const row = await repo.findEventById(db, id);
      if (!row) throw new AppError('not_found');
      return { ...toWebhookEventDto(row), payload: prettyPayload(row.payload) };
    },

    /**
     * "Retry now": the given events not applied yet are queued at once, whatever their backoff
     * (the job applies their subscription's pending events). Answers those queued and those
     * skipped (already applied); none of the ids stored: 404.
     */
    async retryNow(ids: number[]) {
      const rows = await repo.eventsByIds(db, [...new Set(ids)]);
      if (rows.length === 0) throw new AppError('not_found');
      const due = rows.filter((row) => !row.processed_at);
      for (const row of due) await enqueue(row.gateway_name, row.event_id, row.subject);
      return { queued: due, skipped: rows.length - due.length };
    },

    /** Stored events the job has not applied yet (tests wait for zero). */
    pendingCount: () => repo.countUnprocessedEvents(db),

    async stripe(rawBody: string, signature: string | undefined): Promise<Outcome> {
      const stripe = (await gateways()).stripe;
      if (!stripe) throw new AppError('not_found');
      let event: Stripe.Event;
      try {
        event = stripe.verifyEvent(rawBody, signature ?? '');
      } catch {
        throw new AppError('bad_request', 'The webhook signature is not valid.');
      }
      const subject = stripeSubject(event.type, event.data.object as unknown as Json);
      return receive('stripe', { id: event.id, type: event.type, subject }, rawBody);
    },

    async paypal(headers: Record<string, string | string[] | undefined>, rawBody: string): Promise<Outcome> {
      const paypal = (await gateways()).paypal;
      if (!paypal) throw new AppError('not_found');
      let event: PaypalEvent;
      try {
        event = JSON.parse(rawBody);
      } catch {
        throw new AppError('bad_request', 'The webhook signature is not valid.');
      }
      if (!event.id || !event.event_type || !(await paypal.verifyEvent(headers, event)))
        throw new AppError('bad_request', 'The webhook signature is not valid.');
      const subject = paypalSubject(event.event_type, event.resource ?? {});
      return receive('paypal', { id: event.id, type: event.event_type, subject }, rawBody);
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
