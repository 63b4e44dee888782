import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { eachAtMost } from '../../platform/each-at-most';
import type { JobLog } from '../../platform/jobs/jobs';
import { applyProviderStates } from './apply-provider-state';
import type { BillingNotice, BillingNotifier } from './billing-notifications';
import type { EventPlan, ProviderSubscription } from './gateways/gateway-types';
import type { GatewayRegistry } from './gateways/gateways';
import { paypalEventPlan } from './gateways/paypal-gateway';
import { stripeEventPlan } from './gateways/stripe-gateway';
import { recordInvoices } from './record-invoices';
import { heldGatewayIds, lockSubscriptionsByGateway, type SubscriptionRow } from './subscriptions.repository';
import { claimEvents, eventKey, noteEventFailure, sweepableEvents } from './webhook-events.repository';
import type { Ask, SweepFailure } from './webhook-job';

export type ApplyDeps = {
  db: Kysely<Database>;
  gateways: GatewayRegistry;
  notify: BillingNotifier;
  log: JobLog;
};
type ProviderName = 'stripe' | 'paypal';
type StoredEvent = Awaited<ReturnType<typeof sweepableEvents>>[number];
/** One subscription's pending events in a round (or one event about no subscription), each with what it asks. */
type Group = {
  gateway: ProviderName;
  subject: string | null;
  events: StoredEvent[];
  plans: Map<string, EventPlan>;
};
/** A group after its provider read (`remote` null: none was needed). */
type ReadGroup = Group & { remote: ProviderSubscription | null; userId?: number };
type Failure = { group: Group; error: unknown };

/** Events one round of a sweep takes at most (the sweep goes on while its rounds come back full). */
const SWEEP_LIMIT = 500;
/** Provider reads of one round in flight at once. */
const READS_AT_ONCE = 8;
const PROVIDERS = ['stripe', 'paypal'] as const;

/**
 * The webhook job's sweep. It takes every pending event never tried and those its job names,
 * groups them by provider subscription, reads each of those subscriptions from the provider once
 * (never the event order or payload: order-proof; the reads side by side) and writes the states,
 * the invoices and the events' `processed_at` in one transaction, with a constant number of
 * statements for the invoices; the notifications follow the commit as one batch. A provider or
 * network failure leaves that subscription's events pending (the others apply) and is answered,
 * so the job retries it by name. Rounds of at most SWEEP_LIMIT events go on until none is left;
 * the first also takes the asked events whatever their attempts, later ones only events never
 * tried, so a failing event is tried once per sweep.
 */
export async function applyWebhookEvents(deps: ApplyDeps, asks: Ask[]): Promise<SweepFailure[]> {
  let named = asks;
  const failures: Failure[] = [];
  for (;;) {
    const rows = await sweepableEvents(deps.db, named, SWEEP_LIMIT);
    if (rows.length === 0) break;
    failures.push(...(await applyRound(deps, rows)));
    if (rows.length < SWEEP_LIMIT) break;
    named = [];
  }
  return failures.map(({ group, error }) => ({
    ask: { gateway: group.gateway, subject: group.subject, eventId: group.events[0]?.event_id ?? '' },
    error,
  }));
}

/** Reads, writes and notifies one round; answers the groups that failed (noted on their events). */
async function applyRound(deps: ApplyDeps, rows: StoredEvent[]): Promise<Failure[]> {
  const { read, failures: unread } = await readRound(deps, groupsOf(rows));
  const { notices, failures: unwritten } = await commitRound(deps, read);
  const failures = [...unread, ...unwritten];
  for (const { group, error } of failures) {
    const message = error instanceof Error ? error.message : String(error);
    const eventIds = group.events.map((row) => row.event_id);
    await noteEventFailure(deps.db, group.gateway, eventIds, message).catch(() => undefined);
  }
  if (notices.length > 0)
    await deps
      .notify(notices)
      .catch((error) => deps.log.error({ err: error }, 'Billing notifications failed'));
  return failures;
}

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

function planOf(gateway: ProviderName, row: StoredEvent): EventPlan {
  const parsed = JSON.parse(row.payload);
  return gateway === 'stripe' ? stripeEventPlan(parsed) : paypalEventPlan(parsed, row.received_at);
}

/**
 * The provider reads of a round, up to READS_AT_ONCE at a time, before any transaction (no lock
 * is held over the network). An invoice needs its subscription row, not a fresh state: only a
 * first sighting (an invoice ahead of its subscription's events) asks the provider.
 */
async function readRound({ db, gateways }: ApplyDeps, groups: Group[]) {
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
  const read: (ReadGroup | undefined)[] = new Array(groups.length);
  const failures: Failure[] = [];
  await eachAtMost(groups, READS_AT_ONCE, async (group, index) => {
    const provider = registry[group.gateway];
    if (!provider) {
      failures.push({ group, error: new Error(`${group.gateway} is switched off: its stored events wait.`) });
      return;
    }
    const outcome = await readGroup(group, provider, isHeld(group));
    read[index] = outcome.read;
    if (outcome.failure) failures.push(outcome.failure);
  });
  return { read: read.filter((group): group is ReadGroup => group !== undefined), failures };
}

/**
 * One group's provider read, when it needs one. When the read fails, the group's events that need
 * no fresh state (an invoice of a subscription we hold) still apply; only the others wait.
 */
async function readGroup(
  group: Group,
  provider: { fetchSubscription: (id: string) => Promise<ProviderSubscription> },
  isHeld: boolean,
): Promise<{ read?: ReadGroup; failure?: Failure }> {
  const plans = [...group.plans.values()];
  const needsState = (row: StoredEvent) => Boolean(group.plans.get(row.event_id)?.needsState);
  const wantsState = group.events.some(needsState);
  const wantsRow = plans.some((plan) => plan.invoice);
  const wantsRead = group.subject !== null && (wantsState || (wantsRow && !isHeld));
  const userId = plans.find((plan) => plan.userId !== undefined)?.userId;
  try {
    const remote = wantsRead ? await provider.fetchSubscription(group.subject as string) : null;
    return { read: { ...group, remote, ...(userId === undefined ? {} : { userId }) } };
  } catch (error) {
    const rest = group.events.filter((row) => !needsState(row));
    if (!isHeld || rest.length === 0) return { failure: { group, error } };
    return {
      read: { ...group, events: rest, remote: null },
      failure: { group: { ...group, events: group.events.filter(needsState) }, error },
    };
  }
}

/**
 * A round's writes in one transaction; when it fails, each group in a transaction of its own,
 * so one subscription's problem holds back only its own events.
 */
async function commitRound(deps: ApplyDeps, groups: ReadGroup[]) {
  if (groups.length === 0) return { notices: [] as BillingNotice[], failures: [] as Failure[] };
  try {
    return {
      notices: await deps.db.transaction().execute((trx) => writeRound(deps, trx, groups)),
      failures: [],
    };
  } catch (error) {
    if (groups.length === 1) return { notices: [], failures: [{ group: groups[0] as Group, error }] };
    const notices: BillingNotice[] = [];
    const failures: Failure[] = [];
    for (const group of groups) {
      try {
        notices.push(...(await deps.db.transaction().execute((trx) => writeRound(deps, trx, [group]))));
      } catch (single) {
        failures.push({ group, error: single });
      }
    }
    return { notices, failures };
  }
}

/** A round's writes in `trx`: claims, states, invoices; answers the notices to send after commit. */
async function writeRound(deps: ApplyDeps, trx: Transaction<Database>, groups: ReadGroup[]) {
  const claims = groups.flatMap((group) =>
    group.events.map((row) => ({ gateway: group.gateway, eventId: row.event_id })),
  );
  const claimed = new Set(
    (await claimEvents(trx, claims)).map((row) => eventKey(row.gateway_name, row.event_id)),
  );
  const isClaimed = (group: Group, row: StoredEvent) => claimed.has(eventKey(group.gateway, row.event_id));
  const live = groups.filter((group) => group.events.some((row) => isClaimed(group, row)));
  const rows = new Map<ReadGroup, SubscriptionRow>();
  const registry = await deps.gateways();
  for (const gateway of PROVIDERS) {
    const mine = live.filter((group) => group.gateway === gateway && group.subject !== null);
    if (mine.length > 0) await writeStates(trx, gateway, mine, registry[gateway], rows);
  }
  const invoices = live.flatMap((group) => {
    const subscription = rows.get(group);
    if (!subscription) return [];
    return group.events.flatMap((row) => {
      const invoice = group.plans.get(row.event_id)?.invoice;
      return invoice && isClaimed(group, row) ? [{ subscription, invoice }] : [];
    });
  });
  return recordInvoices(trx, invoices);
}

/**
 * One provider's subscriptions of a round, locked, then their states applied; sets each group's
 * subscription row in `rows` (a group that read nothing keeps the row we hold).
 */
async function writeStates(
  trx: Transaction<Database>,
  gateway: ProviderName,
  groups: ReadGroup[],
  provider: { cancelNow: (id: string) => Promise<unknown> } | null,
  rows: Map<ReadGroup, SubscriptionRow>,
) {
  const locked = await lockSubscriptionsByGateway(
    trx,
    gateway,
    groups.map((group) => group.subject as string),
  );
  const held = new Map(locked.map((row) => [String(row.gateway_id), row]));
  const withRemote = groups.filter((group) => group.remote);
  const applied = await applyProviderStates(
    trx,
    gateway,
    withRemote.map((group) => ({
      remote: group.remote as ProviderSubscription,
      ...(group.userId === undefined ? {} : { userId: group.userId }),
    })),
    held,
  );
  for (const [index, group] of withRemote.entries()) {
    const result = applied[index];
    // A second subscription of a user who holds one: refused and cancelled at the provider
    // (a failure rolls the round back; each group is then tried alone).
    if (result?.outcome === 'duplicate')
      await provider?.cancelNow((group.remote as ProviderSubscription).gatewayId);
    else if (result?.row) rows.set(group, result.row);
  }
  for (const group of groups) {
    const row = group.remote ? undefined : held.get(group.subject as string);
    if (row) rows.set(group, row);
  }
}
