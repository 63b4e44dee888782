import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BillingWorld,
  confirmCard,
  createPlan,
  headersFor,
  newListener,
  payByCard,
  proPlan,
  type StripeProxy,
  sendStripeEvent,
  settleWebhooks,
  startBillingWorld,
  startStripeProxy,
} from './billing.test-helper';

/**
 * /admin/billing/webhooks' api: the stored events listed with filters, search and seek pages,
 * one event's body, and "Retry now" (queued at once whatever the backoff, audited), against the
 * Stripe peer behind a proxy that can refuse subscription reads (the outage that fails an event).
 */
let world: BillingWorld;
let proxy: StripeProxy;
let listener: Awaited<ReturnType<typeof newListener>>;
let gatewayId = '';
/** The renewal's events that failed while the provider was down (those that read the subscription). */
let failedIds: string[] = [];

const LIST = '/api/v1/billing/admin/webhook-events';
type Row = { id: number; event_id: string; status: string; attempts: number; last_error: string | null };
type Page = { pagination: { data: Row[]; total: number; next_cursor?: string | null } };

const get = (url: string, headers = world.admin) => world.t.app.inject({ method: 'GET', url, headers });
const list = async (query: string) => {
  const response = await get(`${LIST}?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Page;
};
const retry = (payload: unknown, headers = world.admin) =>
  world.t.app.inject({ method: 'POST', url: `${LIST}/retry`, headers, payload: payload as object });

beforeAll(async () => {
  proxy = await startStripeProxy();
  world = await startBillingWorld({ stripeApiBase: proxy.url });
  proxy.target = world.stripe.url;
  const pro = await createPlan(world, proPlan);
  const priceId = (pro.prices[0] as { id: number }).id;
  listener = await newListener(world);
  const before = world.stripe.events.length;
  const { sessionId } = await payByCard(world, listener.headers, pro.id, priceId);
  const done = await confirmCard(world, listener.headers, pro.id, priceId, sessionId as string);
  gatewayId = done.json().subscription.gateway_id;
  for (const event of world.stripe.events.slice(before)) await sendStripeEvent(world, JSON.stringify(event));
  await settleWebhooks(world);

  // A renewal while the provider is down: the job fails every attempt the queue gives it.
  const renewedFrom = world.stripe.events.length;
  await fetch(`${world.stripe.url}/_peer/subscriptions/${gatewayId}/renew`, {
    method: 'POST',
    body: JSON.stringify({ fail: false }),
  });
  const renewal = world.stripe.events.slice(renewedFrom);
  // The invoice needs no provider read (its subscription row is held): only the subscription's event fails.
  failedIds = renewal
    .filter((event) => event.type.startsWith('customer.subscription.'))
    .map((event) => event.id);
  if (failedIds.length === 0) throw new Error('the renewal made no subscription event');
  proxy.isDown = true;
  try {
    for (const event of renewal) await sendStripeEvent(world, JSON.stringify(event));
    await world.t.app.jobs.drain();
  } finally {
    proxy.isDown = false;
  }
}, 180_000);
afterAll(async () => {
  await world?.close();
  await proxy?.close();
});

describe('GET billing/admin/webhook-events', () => {
  it('lists stored events with their status, attempts and last error', async () => {
    const failed = await list('status=failed');
    expect(failed.pagination.data.map((row) => row.event_id).sort()).toEqual([...failedIds].sort());
    for (const row of failed.pagination.data) {
      expect(row).toMatchObject({ status: 'failed', provider: 'stripe' });
      expect(row.attempts).toBeGreaterThan(0);
      expect(row.last_error).toBeTruthy();
    }
    const applied = await list('status=applied');
    expect(applied.pagination.data.length).toBeGreaterThan(0);
    expect(
      applied.pagination.data.every((row) => row.status === 'applied' && !failedIds.includes(row.event_id)),
    ).toBe(true);
    expect((await list('status=pending')).pagination.data).toEqual([]);
    expect((await list('provider=paypal')).pagination.total).toBe(0);
    expect((await list('provider=stripe')).pagination.total).toBe(
      failed.pagination.total + applied.pagination.total,
    );
  });

  it('searches by event id', async () => {
    const target = failedIds[0] as string;
    const found = await list(`query=${encodeURIComponent(target.slice(-10))}`);
    expect(found.pagination.data.map((row) => row.event_id)).toEqual([target]);
    expect((await list('query=no-such-event')).pagination.total).toBe(0);
  });

  it('pages newest first, by offset and by seek cursor alike', async () => {
    const all = (await list('perPage=100')).pagination.data.map((row) => row.id);
    expect(all.length).toBeGreaterThan(2);
    const byOffset: number[] = [];
    const bySeek: number[] = [];
    let cursor: string | null | undefined = null;
    for (let page = 1; page <= all.length; page += 1) {
      byOffset.push(...(await list(`perPage=1&page=${page}`)).pagination.data.map((row) => row.id));
      const seek: Page = await list(`perPage=1&page=${page}${cursor ? `&after=${cursor}` : ''}`);
      bySeek.push(...seek.pagination.data.map((row) => row.id));
      cursor = seek.pagination.next_cursor;
    }
    expect(cursor).toBeNull();
    expect(byOffset).toEqual(all);
    expect(bySeek).toEqual(all);
    expect((await list('perPage=100&orderDir=asc')).pagination.data.map((row) => row.id)).toEqual(
      [...all].reverse(),
    );
  });

  it('answers 422 to bad parameters', async () => {
    for (const query of [
      'status=lost',
      'provider=bank',
      'orderBy=event_type',
      'orderDir=sideways',
      'perPage=100000',
      'page=0',
      'after=not-a-cursor',
    ]) {
      const response = await get(`${LIST}?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(response.json().errors, query).toBeTruthy();
    }
  });
});

describe('GET billing/admin/webhook-events/{id}', () => {
  it('answers the stored body pretty-printed, 404 for an unknown id', async () => {
    const [row] = (await list(`query=${failedIds[0]}`)).pagination.data;
    const response = await get(`${LIST}/${row?.id}`);
    expect(response.statusCode).toBe(200);
    const { event } = response.json();
    expect(event).toMatchObject({ id: row?.id, event_id: failedIds[0], status: 'failed' });
    expect(event.payload).toContain(`\n  "id": "${failedIds[0]}"`);
    expect(JSON.parse(event.payload).id).toBe(failedIds[0]);
    expect((await get(`${LIST}/999999`)).statusCode).toBe(404);
    expect((await get(`${LIST}/abc`)).statusCode).toBe(422);
  });
});

describe('POST billing/admin/webhook-events/retry', () => {
  it('refuses everyone but the permission (403, 401 for a guest) and changes nothing', async () => {
    const plain = await newListener(world);
    const [row] = (await list('status=failed')).pagination.data;
    expect((await retry({ ids: [row?.id] }, plain.headers)).statusCode).toBe(403);
    expect((await get(LIST, plain.headers)).statusCode).toBe(403);
    expect((await get(`${LIST}/${row?.id}`, plain.headers)).statusCode).toBe(403);
    const subscriber = await headersFor(world.t, listener.id);
    expect((await retry({ ids: [row?.id] }, subscriber)).statusCode).toBe(403);
    expect((await world.t.app.inject({ method: 'GET', url: LIST })).statusCode).toBe(401);
    expect((await list('status=failed')).pagination.total).toBe(failedIds.length);
  });

  it('answers 422 to bad ids and 404 when none is stored', async () => {
    for (const payload of [
      {},
      { ids: [] },
      { ids: ['x'] },
      { ids: [0] },
      { ids: Array.from({ length: 101 }, (_, i) => i + 1) },
    ]) {
      const response = await retry(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(422);
      expect(response.json().errors).toBeTruthy();
    }
    expect((await retry({ ids: [999999] })).statusCode).toBe(404);
  });

  it('queues failed events at once whatever their backoff, applies them against the peer, and audits it', async () => {
    const failed = (await list('status=failed')).pagination.data;
    const applied = (await list('status=applied')).pagination.data[0] as Row;
    // The sweep's backoff would wait minutes for them (n² × 5 min after receipt).
    expect(
      await world.t.app.services.billing.webhooks.requeuePending({
        olderThanMs: 0,
        retryBackoffMs: 5 * 60_000,
      }),
    ).toBe(0);
    const response = await retry({ ids: [...failed.map((row) => row.id), applied.id] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ queued: failed.length, skipped: 1 });
    await settleWebhooks(world);

    expect((await list('status=failed')).pagination.total).toBe(0);
    const after = await Promise.all(failed.map(async (row) => (await get(`${LIST}/${row.id}`)).json().event));
    for (const event of after) expect(event).toMatchObject({ status: 'applied', last_error: null });
    const remote = world.stripe.store.subscription.get(gatewayId) as unknown as {
      items: { data: { current_period_end: number }[] };
    };
    const row = await world.t.deps.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('gateway_id', '=', gatewayId)
      .executeTakeFirstOrThrow();
    expect(row.renews_at?.getTime()).toBe((remote.items.data[0]?.current_period_end ?? 0) * 1000);
    const invoices = await world.t.deps.db
      .selectFrom('invoices')
      .select('paid')
      .where('subscription_id', '=', row.id)
      .execute();
    expect(invoices.filter((invoice) => invoice.paid)).toHaveLength(2);

    const audit = await world.t.deps.db
      .selectFrom('audit_log')
      .select(['action', 'subject_type', 'subject_id'])
      .where('action', '=', 'billing_webhook_events.retry')
      .execute();
    expect(audit.map((entry) => entry.subject_id).sort()).toEqual(
      failed.map((entry) => String(entry.id)).sort(),
    );
    expect(audit.every((entry) => entry.subject_type === 'billing_webhook_events')).toBe(true);

    // Applied ones are skipped: nothing queued, nothing audited.
    const again = await retry({ ids: [applied.id] });
    expect(again.json()).toMatchObject({ queued: 0, skipped: 1 });
  });
});
