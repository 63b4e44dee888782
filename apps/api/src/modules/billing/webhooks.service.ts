import type { TAdminWebhookEventsQuery, TWebhookEvent } from '@cadence/contracts/billing';
import type { Kysely, Transaction } from 'kysely';
import { mapAdminPage } from '../../platform/db/admin-list';
import { createGroupCommit } from '../../platform/db/group-commit';
import type { Database } from '../../platform/db/schema';
import { eachAtMost } from '../../platform/each-at-most';
import { AppError } from '../../platform/http/app-error';
import type { JobLog, JobQueue } from '../../platform/jobs/jobs';
import type { BillingNotice } from './billing-notifications';
import {
  type EventPlan,
  type ProviderSubscription,
  type VerifiedEvent,
  WebhookRefusedError,
} from './gateways/gateway-types';
import type { GatewayRegistry } from './gateways/gateways';
import { paypalEventPlan } from './gateways/paypal-gateway';
import { stripeEventPlan } from './gateways/stripe-gateway';
import { heldGatewayIds, lockSubscriptionsByGateway, type SubscriptionRow } from './subscriptions.repository';
import type { SubscriptionsService } from './subscriptions.service';
import {
  claimEvents,
  countUnprocessedEvents,
  eventKey,
  eventsByIds,
  findEventById,
  noteEventFailure,
  type StoredEventValues,
  storeEvents,
  sweepableEvents,
  unprocessedEvents,
  webhookEventsPage,
} from './webhook-events.repository';

type Deps = {
  db: Kysely<Database>;
  gateways: GatewayRegistry;
  subscriptions: SubscriptionsService;
  /** Insert batches of received events in flight at once (platform/db/group-commit.ts). */
  storeWriters?: number;
};
type Outcome = { received: true; duplicate: boolean };
type ProviderName = 'stripe' | 'paypal';
type StoredEvent = Awaited<ReturnType<typeof sweepableEvents>>[number];

/** The job that applies stored events: a sweep of those never tried and of those it names. */
export const WEBHOOK_JOB = 'billing.webhook-event';
/** Events one round of a sweep takes at most (the sweep goes on while its rounds come back full). */
const SWEEP_LIMIT = 500;
/**
 * How long a sweep may wait before it reads, gathering the events of a burst (like PostgreSQL's
 * commit_delay). A sweep costs about a dozen statements and a provider read per subscription
 * whatever its size, and a mail job per address: in the benchmark's burst, sweeps started at once
 * took ~10 events each, and the embedded mode spent most of its database time on their fixed
 * costs; 50 ms more before a lone event applies is nothing a subscriber notices.
 */
const SWEEP_GATHER_MS = 50;
/** A gather ends early once no event joined for this long. */
const SWEEP_QUIET_MS = 5;
/** Provider reads of one round in flight at once. */
const READS_AT_ONCE = 8;
const PROVIDERS = ['stripe', 'paypal'] as const;

/** What a sweep is asked to apply by name: a subscription's pending events, or one event without subscription. */
type Ask = { gateway: ProviderName; subject: string | null; eventId: string };
const askKey = (ask: Ask) =>
  ask.subject === null ? `event\n${eventKey(ask.gateway, ask.eventId)}` : eventKey(ask.gateway, ask.subject);
const askOf = (row: { gateway_name: string; event_id: string; subject: string | null }): Ask => ({
  gateway: row.gateway_name === 'paypal' ? 'paypal' : 'stripe',
  subject: row.subject,
  eventId: row.event_id,
});

/** One subscription's pending events in a round, each with what it asks. */
type Group = {
  gateway: ProviderName;
  subject: string | null;
  events: StoredEvent[];
  plans: Map<string, EventPlan>;
};
/** A group after its provider read (`remote` null: none was needed). */
type ReadGroup = Group & { remote: ProviderSubscription | null; userId?: number };
type Failure = { group: Group; error: unknown };

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

function planOf(gateway: ProviderName, row: StoredEvent): EventPlan {
  const parsed = JSON.parse(row.payload);
  return gateway === 'stripe' ? stripeEventPlan(parsed) : paypalEventPlan(parsed, row.received_at);
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
 * Provider webhooks. The request only verifies the signature, stores the event once (its
 * provider id is unique: a duplicate stores nothing; the events of requests that arrive together
 * are stored by one insert) and queues a sweep; the sweep applies it. A sweep takes every pending
 * event never tried and those its job names, groups them by provider subscription, reads each of
 * those subscriptions from the provider once (never the event order or payload: order-proof; the
 * reads side by side) and writes the states, the invoices and the events' `processed_at` in one
 * transaction, with a constant number of statements for the invoices; the notifications follow the
 * commit as one batch. A provider or network failure leaves that subscription's events pending (the
 * others apply): the job retries with backoff, asking for them by name, and pending events are
 * re-queued at start and on a timer, so nothing stored is lost.
 */
export function createWebhooksService({ db, gateways, subscriptions, storeWriters = 1 }: Deps) {
  let queue: JobQueue | null = null;
  let log: JobLog = { error: () => {} };

  /**
   * In-process queue only: the asks gathered for the sweep job that waits in the queue (null when
   * none waits). An event stored while one waits adds its ask there instead of a second job: the
   * waiting sweep takes it when it starts (and the next event then queues the next sweep). With
   * BullMQ the job may run in another process, which could not see this map: a job per event.
   */
  let waitingAsks: Map<string, Ask> | null = null;
  /** Events that joined a waiting sweep so far: how `gather` tells a burst from its end. */
  let gathered = 0;

  /**
   * Before a sweep reads: up to SWEEP_GATHER_MS while events keep joining it (a burst), but no
   * more than SWEEP_QUIET_MS once none came (a lone event, or the burst's end). Events that arrive
   * meanwhile collapse into this job's asks (waitingAsks).
   */
  async function gather() {
    const until = Date.now() + SWEEP_GATHER_MS;
    let seen = gathered;
    do {
      await new Promise((resolve) => setTimeout(resolve, SWEEP_QUIET_MS));
      if (gathered === seen) return;
      seen = gathered;
    } while (Date.now() < until);
  }

  /** Asks whose events failed in this process: the next sweep here (the job's retry) takes them. */
  const failedAsks = new Map<string, Ask>();

  // No job id: the sweep is idempotent (a processed event is skipped), so a second job costs one
  // query; and a custom id would collide with the one BullMQ keeps for a failed job. One lane: two
  // sweeps side by side could commit one subscription's states in the opposite order of their
  // provider reads, the later commit writing the older state with no job left to fix it.
  async function enqueue(ask: Ask) {
    if (!queue) throw new Error('Billing webhooks are not bound to a job queue.');
    const collapses = queue.kind === 'in-process';
    if (collapses && waitingAsks) {
      waitingAsks.set(askKey(ask), ask);
      gathered += 1;
      return;
    }
    if (collapses) waitingAsks = new Map([[askKey(ask), ask]]);
    try {
      await queue.enqueue(
        WEBHOOK_JOB,
        {
          gateway: ask.gateway,
          eventId: ask.eventId,
          ...(ask.subject === null ? {} : { subject: ask.subject }),
        },
        { lane: WEBHOOK_JOB },
      );
    } catch (error) {
      if (collapses) waitingAsks = null;
      throw error;
    }
  }

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
      await enqueue({ gateway, subject: event.subject, eventId: event.id }).catch((error) =>
        log.error({ err: error, gateway, eventId: event.id }, 'Webhook event stored but not queued'),
      );
    return { received: true, duplicate: !isNew };
  }

  /** One subscription's pending events of a round (or one event about no subscription). */
  function groupsOf(rows: StoredEvent[]): Group[] {
    const groups = new Map<string, Group>();
    for (const row of rows) {
      const gateway = row.gateway_name as ProviderName;
      const key =
        row.subject === null ? `event\n${eventKey(gateway, row.event_id)}` : eventKey(gateway, row.subject);
      let group = groups.get(key);
      if (!group) {
        group = { gateway, subject: row.subject, events: [], plans: new Map() };
        groups.set(key, group);
      }
      group.events.push(row);
      group.plans.set(row.event_id, planOf(gateway, row));
    }
    return [...groups.values()];
  }

  /**
   * The provider reads of a round, up to READS_AT_ONCE at a time, before any transaction (no lock
   * is held over the network). An invoice needs its subscription row, not a fresh state: only a
   * first sighting (an invoice ahead of its subscription's events) asks the provider. When a read
   * fails, the group's events that need no fresh state (an invoice of a subscription we hold)
   * still apply; only the others wait.
   */
  async function readRound(groups: Group[]) {
    const registry = await gateways();
    const held = new Map<ProviderName, Set<string>>();
    for (const gateway of PROVIDERS) {
      const subjects = groups.flatMap((group) =>
        group.gateway === gateway && group.subject !== null ? [group.subject] : [],
      );
      held.set(gateway, await heldGatewayIds(db, gateway, subjects));
    }
    const isHeld = (group: Group) =>
      group.subject !== null && Boolean(held.get(group.gateway)?.has(group.subject));
    const needsState = (group: Group, row: StoredEvent) => Boolean(group.plans.get(row.event_id)?.needsState);
    const only = (group: Group, rows: StoredEvent[]): Group => ({ ...group, events: rows });
    const read: (ReadGroup | undefined)[] = new Array(groups.length);
    const failures: Failure[] = [];
    await eachAtMost(groups, READS_AT_ONCE, async (group, index) => {
      const provider = registry[group.gateway];
      if (!provider) {
        failures.push({
          group,
          error: new Error(`${group.gateway} is switched off: its stored events wait.`),
        });
        return;
      }
      const plans = [...group.plans.values()];
      const wantsState = group.events.some((row) => needsState(group, row));
      const wantsRow = plans.some((plan) => plan.invoice);
      const wantsRead = group.subject !== null && (wantsState || (wantsRow && !isHeld(group)));
      const userId = plans.find((plan) => plan.userId !== undefined)?.userId;
      try {
        const remote = wantsRead ? await provider.fetchSubscription(group.subject as string) : null;
        read[index] = { ...group, remote, ...(userId === undefined ? {} : { userId }) };
      } catch (error) {
        const rest = group.events.filter((row) => !needsState(group, row));
        if (!isHeld(group) || rest.length === 0) {
          failures.push({ group, error });
          return;
        }
        read[index] = { ...only(group, rest), remote: null };
        failures.push({
          group: only(
            group,
            group.events.filter((row) => needsState(group, row)),
          ),
          error,
        });
      }
    });
    return { read: read.filter((group): group is ReadGroup => group !== undefined), failures };
  }

  /** A round's writes in `trx`: claims, states, invoices; answers the notices to send after commit. */
  async function writeRound(trx: Transaction<Database>, groups: ReadGroup[]): Promise<BillingNotice[]> {
    const claimed = new Set(
      (
        await claimEvents(
          trx,
          groups.flatMap((group) =>
            group.events.map((row) => ({ gateway: group.gateway, eventId: row.event_id })),
          ),
        )
      ).map((row) => eventKey(row.gateway_name, row.event_id)),
    );
    const isClaimed = (group: Group, row: StoredEvent) => claimed.has(eventKey(group.gateway, row.event_id));
    const live = groups.filter((group) => group.events.some((row) => isClaimed(group, row)));
    const rows = new Map<ReadGroup, SubscriptionRow>();
    const registry = await gateways();
    for (const gateway of PROVIDERS) {
      const mine = live.filter((group) => group.gateway === gateway && group.subject !== null);
      if (mine.length === 0) continue;
      const held = new Map(
        (
          await lockSubscriptionsByGateway(
            trx,
            gateway,
            mine.map((group) => group.subject as string),
          )
        ).map((row) => [String(row.gateway_id), row]),
      );
      const withRemote = mine.filter((group) => group.remote);
      const applied = await subscriptions.applyProviderStates(
        gateway,
        withRemote.map((group) => ({
          remote: group.remote as ProviderSubscription,
          ...(group.userId === undefined ? {} : { userId: group.userId }),
        })),
        held,
        trx,
      );
      for (const [index, group] of withRemote.entries()) {
        const result = applied[index];
        // A second subscription of a user who holds one: refused and cancelled at the provider
        // (a failure rolls the round back; each group is then tried alone).
        if (result?.outcome === 'duplicate')
          await registry[gateway]?.cancelNow((group.remote as ProviderSubscription).gatewayId);
        else if (result?.row) rows.set(group, result.row);
      }
      for (const group of mine) {
        const row = group.remote ? undefined : held.get(group.subject as string);
        if (row) rows.set(group, row);
      }
    }
    const invoices = live.flatMap((group) => {
      const subscription = rows.get(group);
      if (!subscription) return [];
      return group.events.flatMap((row) => {
        const invoice = group.plans.get(row.event_id)?.invoice;
        return invoice && isClaimed(group, row) ? [{ subscription, invoice }] : [];
      });
    });
    return subscriptions.recordInvoices(invoices, trx);
  }

  /**
   * A round's writes in one transaction; when it fails, each group in a transaction of its own,
   * so one subscription's problem holds back only its own events.
   */
  async function commitRound(groups: ReadGroup[]) {
    if (groups.length === 0) return { notices: [] as BillingNotice[], failures: [] as Failure[] };
    try {
      return { notices: await db.transaction().execute((trx) => writeRound(trx, groups)), failures: [] };
    } catch (error) {
      if (groups.length === 1) return { notices: [], failures: [{ group: groups[0] as Group, error }] };
      const notices: BillingNotice[] = [];
      const failures: Failure[] = [];
      for (const group of groups) {
        try {
          notices.push(...(await db.transaction().execute((trx) => writeRound(trx, [group]))));
        } catch (single) {
          failures.push({ group, error: single });
        }
      }
      return { notices, failures };
    }
  }

  /** Reads, writes and notifies one round; answers the groups that failed (noted on their events). */
  async function applyRound(rows: StoredEvent[]): Promise<Failure[]> {
    const { read, failures: unread } = await readRound(groupsOf(rows));
    const { notices, failures: unwritten } = await commitRound(read);
    const failures = [...unread, ...unwritten];
    for (const { group, error } of failures) {
      const message = error instanceof Error ? error.message : String(error);
      await noteEventFailure(
        db,
        group.gateway,
        group.events.map((row) => row.event_id),
        message,
      ).catch(() => undefined);
    }
    await subscriptions
      .sendNotices(notices)
      .catch((error) => log.error({ err: error }, 'Billing notifications failed'));
    return failures;
  }

  /**
   * The job: rounds of at most SWEEP_LIMIT events until none is left. The first round also takes
   * the asked events whatever their attempts; later ones only events never tried, so a failing
   * event is tried once per sweep. A failure is thrown after the others applied: the queue retries
   * the job with backoff, and the retry asks for the failed subscriptions by name.
   */
  async function sweep(asks: Ask[]) {
    let named = asks;
    const failures: Failure[] = [];
    for (;;) {
      const rows = await sweepableEvents(db, named, SWEEP_LIMIT);
      if (rows.length === 0) break;
      failures.push(...(await applyRound(rows)));
      if (rows.length < SWEEP_LIMIT) break;
      named = [];
    }
    if (failures.length === 0) return;
    for (const { group } of failures) {
      const ask = {
        gateway: group.gateway,
        subject: group.subject,
        eventId: group.events[0]?.event_id ?? '',
      };
      failedAsks.set(askKey(ask), ask);
    }
    const first = failures[0]?.error;
    throw new Error(
      `${failures.length} webhook subscription(s) not applied: ${first instanceof Error ? first.message : String(first)}`,
    );
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
        await gather();
        const own: Ask = { gateway, eventId, subject: typeof subject === 'string' ? subject : null };
        const asks = new Map<string, Ask>([[askKey(own), own], ...failedAsks, ...(waitingAsks ?? [])]);
        waitingAsks = null;
        failedAsks.clear();
        await sweep([...asks.values()]);
      });
    },

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

export type WebhooksService = ReturnType<typeof createWebhooksService>;
