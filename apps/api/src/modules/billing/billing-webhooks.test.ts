import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { JobQueue } from '../../platform/jobs/jobs';
import { createRedisQueue } from '../../platform/jobs/redis-queue';
import { isEmbeddedTarget } from '../../test/test-app';
import { bindBillingJobs } from './billing.plugin';
import {
  type BillingWorld,
  confirmCard,
  createPlan,
  newListener,
  payByCard,
  proPlan,
  type StripeProxy,
  sendPaypalEvent,
  sendStripeEvent,
  settleWebhooks,
  startBillingWorld,
  startStripeProxy,
} from './billing.test-helper';
import { WEBHOOK_JOB } from './webhook-job';

let world: BillingWorld;
let pro: Awaited<ReturnType<typeof createPlan>>;

let proxy: StripeProxy;

beforeAll(async () => {
  // The api reaches the Stripe peer through a proxy that can refuse subscription reads (an outage).
  proxy = await startStripeProxy();
  world = await startBillingWorld({ stripeApiBase: proxy.url });
  proxy.target = world.stripe.url;
  pro = await createPlan(world, proPlan);
  // Building the app (PGlite in the embedded mode) is slow on a busy 2-core machine.
}, 180_000);
afterAll(async () => {
  await world?.close();
  await proxy?.close();
});

const priceId = () => (pro.prices[0] as { id: number }).id;
const state = async (userId: number) => {
  const db = world.t.deps.db;
  const subscriptions = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .execute();
  const invoices = await db
    .selectFrom('invoices')
    .innerJoin('subscriptions', 'subscriptions.id', 'invoices.subscription_id')
    .selectAll('invoices')
    .where('subscriptions.user_id', '=', userId)
    .execute();
  return { subscriptions, invoices };
};
const notificationTypes = async (userId: number) =>
  (
    await world.t.deps.db
      .selectFrom('notifications')
      .select('type')
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute()
  ).map((row) => row.type);
const eventsSince = (index: number) => world.stripe.events.slice(index);

describe('Stripe webhooks', () => {
  it('refuse unsigned, wrongly signed and stale events (400) and change nothing', async () => {
    const listener = await newListener(world);
    const before = world.stripe.events.length;
    await payByCard(world, listener.headers, pro.id, priceId());
    const completed = eventsSince(before).find((event) => event.type === 'checkout.session.completed');
    const body = JSON.stringify(completed);
    const stale = world.stripe.sign(body, Math.floor(Date.now() / 1000) - 301);
    const wrong = `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`;
    for (const signature of ['', wrong, stale]) {
      const response = await sendStripeEvent(world, body, signature);
      expect(response.statusCode).toBe(400);
    }
    const tampered = body.replace(String(listener.id), String(listener.id + 1000));
    expect((await sendStripeEvent(world, tampered, world.stripe.sign(body))).statusCode).toBe(400);
    await settleWebhooks(world);
    expect((await state(listener.id)).subscriptions).toHaveLength(0);
    expect(await world.t.deps.db.selectFrom('billing_webhook_events').selectAll().execute()).toHaveLength(0);
  });

  it('one effect for the same event sent five times (in parallel too)', async () => {
    const listener = await newListener(world);
    const before = world.stripe.events.length;
    await payByCard(world, listener.headers, pro.id, priceId());
    const paid = eventsSince(before).find((event) => event.type === 'invoice.paid');
    const body = JSON.stringify(paid);
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => sendStripeEvent(world, body)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((answer) => answer.json().duplicate === false)).toHaveLength(1);
    await settleWebhooks(world);
    // Again once applied: still duplicates, still one effect.
    for (let i = 0; i < 5; i++) expect((await sendStripeEvent(world, body)).json().duplicate).toBe(true);
    await settleWebhooks(world);
    const { subscriptions, invoices } = await state(listener.id);
    expect(subscriptions).toHaveLength(1);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ amount: 800, paid: true, currency: 'USD' });
    expect(await notificationTypes(listener.id)).toEqual(['invoice_paid']);
  });

  it("events out of order end in the provider's final state", async () => {
    const listener = await newListener(world);
    const before = world.stripe.events.length;
    const { sessionId } = await payByCard(world, listener.headers, pro.id, priceId());
    await confirmCard(world, listener.headers, pro.id, priceId(), sessionId as string);
    await world.t.app.inject({
      method: 'POST',
      url: '/api/v1/billing/subscription/cancel',
      headers: listener.headers,
    });
    const events = eventsSince(before);
    // Newest first: the "created" event arrives last but cannot undo the cancellation.
    for (const event of [...events].reverse())
      expect((await sendStripeEvent(world, JSON.stringify(event))).statusCode).toBe(200);
    await settleWebhooks(world);
    const [row] = (await state(listener.id)).subscriptions;
    expect(row?.status).toBe('active');
    expect(row?.ends_at).not.toBeNull();
    expect(row?.renews_at).toBeNull();
  });

  it('a webhook alone (the buyer closed the tab) creates the subscription', async () => {
    const listener = await newListener(world);
    const before = world.stripe.events.length;
    await payByCard(world, listener.headers, pro.id, priceId());
    for (const event of eventsSince(before)) await sendStripeEvent(world, JSON.stringify(event));
    await settleWebhooks(world);
    const { subscriptions } = await state(listener.id);
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]?.status).toBe('active');
  });

  it('a failed renewal marks the subscription past due and records an unpaid invoice', async () => {
    const listener = await newListener(world);
    const { sessionId } = await payByCard(world, listener.headers, pro.id, priceId());
    const done = await confirmCard(world, listener.headers, pro.id, priceId(), sessionId as string);
    const before = world.stripe.events.length;
    await fetch(`${world.stripe.url}/_peer/subscriptions/${done.json().subscription.gateway_id}/renew`, {
      method: 'POST',
      body: JSON.stringify({ fail: true }),
    });
    for (const event of eventsSince(before))
      expect((await sendStripeEvent(world, JSON.stringify(event))).statusCode).toBe(200);
    await settleWebhooks(world);
    const { subscriptions, invoices } = await state(listener.id);
    expect(subscriptions[0]?.status).toBe('past_due');
    expect(invoices.filter((invoice) => !invoice.paid)).toHaveLength(1);
    const overview = (
      await world.t.app.inject({ url: '/api/v1/billing/subscription', headers: listener.headers })
    ).json();
    expect(overview.subscription).toMatchObject({ status: 'past_due', valid: true });
    expect(await notificationTypes(listener.id)).toContain('payment_failed');
  });
});

describe('the webhook job', () => {
  const eventRow = (eventId: string) =>
    world.t.deps.db
      .selectFrom('billing_webhook_events')
      .selectAll()
      .where('event_id', '=', eventId)
      .executeTakeFirstOrThrow();
  const log = { error: (details: object, message: string) => console.error(message, details) };
  /** A queue that keeps its jobs until the test runs them: the in-process queue while it is busy. */
  const heldQueue = () => {
    const jobs: { name: string; payload: unknown }[] = [];
    const handlers = new Map<string, (payload: unknown) => Promise<void>>();
    const queue: JobQueue = {
      kind: 'in-process',
      register: (name, handler) => void handlers.set(name, handler),
      enqueue: async (name, payload) => void jobs.push({ name, payload }),
      drain: async () => undefined,
      close: async () => undefined,
      status: async () => ({
        worker: 'running',
        counts: { waiting: jobs.length, active: 0, failed: 0 },
        failed: [],
      }),
      retry: async () => false,
    };
    return { jobs, handlers, queue };
  };
  const subscribed = async () => {
    const listener = await newListener(world);
    const { sessionId } = await payByCard(world, listener.headers, pro.id, priceId());
    const done = await confirmCard(world, listener.headers, pro.id, priceId(), sessionId as string);
    return { userId: listener.id, gatewayId: done.json().subscription.gateway_id as string };
  };
  const renewed = async (gatewayId: string, fail = false) => {
    const before = world.stripe.events.length;
    await fetch(`${world.stripe.url}/_peer/subscriptions/${gatewayId}/renew`, {
      method: 'POST',
      body: JSON.stringify({ fail }),
    });
    return eventsSince(before);
  };
  const renewsAtOf = (gatewayId: string) =>
    ((
      world.stripe.store.subscription.get(gatewayId) as unknown as {
        items: { data: { current_period_end: number }[] };
      }
    ).items.data[0]?.current_period_end ?? 0) * 1000;

  it('answers before applying, retries a failed provider read with backoff, then applies once', async () => {
    const listener = await newListener(world);
    const { sessionId } = await payByCard(world, listener.headers, pro.id, priceId());
    const done = await confirmCard(world, listener.headers, pro.id, priceId(), sessionId as string);
    const gatewayId = done.json().subscription.gateway_id as string;
    const renewedFrom = (await state(listener.id)).subscriptions[0]?.renews_at;
    const before = world.stripe.events.length;
    await fetch(`${world.stripe.url}/_peer/subscriptions/${gatewayId}/renew`, {
      method: 'POST',
      body: JSON.stringify({ fail: false }),
    });
    const events = eventsSince(before);
    const updated = events.find((event) => event.type === 'customer.subscription.updated');
    if (!updated) throw new Error('no subscription event');
    proxy.isDown = true;
    proxy.refused = 0;
    try {
      for (const event of events)
        expect((await sendStripeEvent(world, JSON.stringify(event))).json()).toEqual({
          received: true,
          duplicate: false,
        });
      // The first attempt fails at the provider: the event stays stored and pending, nothing applied.
      const deadline = Date.now() + 20_000;
      while ((await eventRow(updated.id)).attempts === 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 10));
      const failed = await eventRow(updated.id);
      expect(failed.processed_at).toBeNull();
      expect(failed.last_error).toBeTruthy();
      expect(proxy.refused).toBeGreaterThan(0);
      expect((await state(listener.id)).subscriptions[0]?.renews_at).toEqual(renewedFrom);
    } finally {
      proxy.isDown = false;
    }
    // The queue's retry (after its backoff) finds the provider back.
    await settleWebhooks(world);
    const applied = await eventRow(updated.id);
    expect(applied.processed_at).not.toBeNull();
    expect(applied.attempts).toBeGreaterThan(0);
    const { subscriptions, invoices } = await state(listener.id);
    expect(subscriptions[0]?.renews_at?.getTime()).toBe(renewsAtOf(gatewayId));
    expect(invoices.filter((invoice) => invoice.paid)).toHaveLength(1);
    expect(await notificationTypes(listener.id)).toEqual(['invoice_paid']);
  });

  it("queues one in-process job for a subscription's events, which applies them all with one provider read", async () => {
    const listener = await newListener(world);
    const { sessionId } = await payByCard(world, listener.headers, pro.id, priceId());
    const done = await confirmCard(world, listener.headers, pro.id, priceId(), sessionId as string);
    const gatewayId = done.json().subscription.gateway_id as string;
    const before = world.stripe.events.length;
    for (const fail of [false, true, false])
      await fetch(`${world.stripe.url}/_peer/subscriptions/${gatewayId}/renew`, {
        method: 'POST',
        body: JSON.stringify({ fail }),
      });
    const events = eventsSince(before);
    expect(events.length).toBeGreaterThanOrEqual(6);
    const { jobs, handlers, queue: held } = heldQueue();
    const { webhooks } = world.t.app.services.billing;
    bindBillingJobs(world.t.app.services.billing, held, log);
    try {
      for (const event of [...events].reverse())
        expect((await sendStripeEvent(world, JSON.stringify(event))).json().duplicate).toBe(false);
      expect(jobs).toEqual([{ name: WEBHOOK_JOB, payload: expect.objectContaining({ subject: gatewayId }) }]);
      proxy.reads = 0;
      await handlers.get(WEBHOOK_JOB)?.(jobs[0]?.payload);
      expect(proxy.reads).toBe(1);
      expect(await webhooks.pendingCount()).toBe(0);
    } finally {
      bindBillingJobs(world.t.app.services.billing, world.t.app.jobs, log);
    }
    const remote = world.stripe.store.subscription.get(gatewayId) as unknown as {
      status: string;
      items: { data: { current_period_end: number }[] };
    };
    const { subscriptions, invoices } = await state(listener.id);
    expect(subscriptions[0]?.status).toBe(remote.status);
    expect(subscriptions[0]?.renews_at?.getTime()).toBe(
      (remote.items.data[0]?.current_period_end ?? 0) * 1000,
    );
    // The renewals' invoices (the purchase's own events were not sent): two paid, one failed.
    expect(invoices.filter((invoice) => invoice.paid)).toHaveLength(2);
    expect(invoices.filter((invoice) => !invoice.paid)).toHaveLength(1);
  });

  it('runs one sweep at a time, which reads the subscriptions of its events side by side', async () => {
    const updatedIn = (events: ReturnType<typeof eventsSince>) => {
      const updated = events.find((event) => event.type === 'customer.subscription.updated');
      if (!updated) throw new Error('no subscription event');
      return JSON.stringify(updated);
    };
    const a = await subscribed();
    const b = await subscribed();
    await settleWebhooks(world);
    const aFirst = await renewed(a.gatewayId);
    const bFirst = await renewed(b.gatewayId);
    const aNext = await renewed(a.gatewayId);
    const holding = () => {
      let release = () => {};
      proxy.hold = new Promise<void>((resolve) => {
        release = () => resolve();
      });
      return release;
    };
    proxy.held = 0;
    proxy.reads = 0;
    let releaseFirst = holding();
    let releaseSecond = () => {};
    try {
      await sendStripeEvent(world, updatedIn(aFirst));
      // The first sweep is at the provider for A.
      await expect.poll(() => proxy.held, { timeout: 10_000 }).toBe(1);
      // What arrives meanwhile waits in one queued job, behind the running sweep (one lane).
      await sendStripeEvent(world, updatedIn(bFirst));
      for (const event of aNext) await sendStripeEvent(world, JSON.stringify(event));
      expect((await world.t.app.jobs.status()).counts).toMatchObject({ active: 1, waiting: 1 });
      // The next sweep takes A's and B's events together and reads both at once: one sweep at a
      // time would never get a third read held while the second is.
      releaseSecond = holding();
      releaseFirst();
      releaseFirst = () => {};
      await expect.poll(() => proxy.held, { timeout: 10_000 }).toBe(3);
    } finally {
      proxy.hold = null;
      releaseFirst();
      releaseSecond();
    }
    await settleWebhooks(world);
    // One read per subscription per sweep, whatever the number of its events.
    expect(proxy.reads).toBe(3);
    for (const { userId, gatewayId } of [a, b])
      expect((await state(userId)).subscriptions[0]?.renews_at?.getTime()).toBe(renewsAtOf(gatewayId));
  });

  it("applies a sweep's other subscriptions when one cannot be read, and keeps that one's events pending", async () => {
    const a = await subscribed();
    const b = await subscribed();
    await settleWebhooks(world);
    const events = [...(await renewed(a.gatewayId)), ...(await renewed(b.gatewayId, true))];
    const updated = events.find((event) => event.type === 'customer.subscription.updated');
    if (!updated) throw new Error('no subscription event');
    // Signed like the rest, about a subscription the provider does not have: its read fails.
    const missing = JSON.parse(JSON.stringify(updated));
    missing.id = `evt_missing_${Date.now()}`;
    missing.data.object.id = `sub_missing_${Date.now()}`;
    const { jobs, handlers, queue } = heldQueue();
    const { webhooks } = world.t.app.services.billing;
    bindBillingJobs(world.t.app.services.billing, queue, log);
    try {
      for (const event of [missing, ...events])
        expect((await sendStripeEvent(world, JSON.stringify(event))).json().duplicate).toBe(false);
      expect(jobs).toHaveLength(1);
      await expect(handlers.get(WEBHOOK_JOB)?.(jobs[0]?.payload)).rejects.toThrow(
        /1 webhook subscription\(s\) not applied/,
      );
      const failed = await eventRow(missing.id);
      expect(failed.processed_at).toBeNull();
      expect(failed.attempts).toBe(1);
      expect(failed.last_error).toBeTruthy();
      expect(await webhooks.pendingCount()).toBe(1);
      for (const { userId, gatewayId } of [a, b])
        expect((await state(userId)).subscriptions[0]?.renews_at?.getTime()).toBe(renewsAtOf(gatewayId));
      // The renewals' own (the purchases' events were not sent): one paid, one failed.
      expect(await notificationTypes(a.userId)).toEqual(['invoice_paid']);
      expect(await notificationTypes(b.userId)).toEqual(['payment_failed']);
      const unpaid = (await state(b.userId)).invoices.filter((invoice) => !invoice.paid);
      expect(unpaid).toHaveLength(1);
    } finally {
      bindBillingJobs(world.t.app.services.billing, world.t.app.jobs, log);
      await world.t.deps.db.deleteFrom('billing_webhook_events').where('event_id', '=', missing.id).execute();
    }
  });

  it('re-queues events stored but not applied when the api starts again', async () => {
    const listener = await newListener(world);
    const before = world.stripe.events.length;
    await payByCard(world, listener.headers, pro.id, priceId());
    const events = eventsSince(before);
    // An api whose queue is gone (the process died after storing): the events are stored, not applied.
    const dying = await buildApp(world.t.deps);
    await dying.ready();
    await dying.jobs.close();
    for (const event of events) {
      const answer = await dying.inject({
        method: 'POST',
        url: '/api/v1/billing/webhooks/stripe',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': world.stripe.sign(JSON.stringify(event)),
        },
        payload: JSON.stringify(event),
      });
      expect(answer.json()).toEqual({ received: true, duplicate: false });
    }
    await dying.close();
    const pending = await world.t.app.services.billing.webhooks.pendingCount();
    expect(pending).toBe(events.length);
    expect((await state(listener.id)).subscriptions).toHaveLength(0);

    const restarted = await buildApp(world.t.deps);
    try {
      await restarted.ready();
      while ((await restarted.services.billing.webhooks.pendingCount()) > 0) await restarted.jobs.drain();
    } finally {
      await restarted.close();
    }
    const { subscriptions, invoices } = await state(listener.id);
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]?.status).toBe('active');
    expect(invoices).toHaveLength(1);
    expect(await notificationTypes(listener.id)).toEqual(['invoice_paid']);
  });
});

describe('the webhook job on BullMQ (QUEUE_DRIVER=redis)', () => {
  it.skipIf(isEmbeddedTarget)('applies queued and re-queued events', async () => {
    const log = { error: (details: object, message: string) => console.error(message, details) };
    const redis = createRedisQueue({
      url: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      queueName: `cadence-t-webhooks-${Date.now().toString(36)}`,
      isWorker: true,
      log,
    });
    const { webhooks } = world.t.app.services.billing;
    bindBillingJobs(world.t.app.services.billing, redis, log);
    try {
      const listener = await newListener(world);
      const before = world.stripe.events.length;
      await payByCard(world, listener.headers, pro.id, priceId());
      for (const event of eventsSince(before))
        expect((await sendStripeEvent(world, JSON.stringify(event))).json().duplicate).toBe(false);
      // A sweep queues a second job for the same events: the first to run applies them.
      await webhooks.requeuePending({ olderThanMs: 0 });
      while ((await webhooks.pendingCount()) > 0) await redis.drain();
      await redis.drain();
      expect((await redis.status()).counts.failed).toBe(0);
      const { subscriptions, invoices } = await state(listener.id);
      expect(subscriptions).toHaveLength(1);
      expect(invoices).toHaveLength(1);
    } finally {
      bindBillingJobs(world.t.app.services.billing, world.t.app.jobs, log);
      await redis.close();
    }
  });
});

describe('PayPal webhooks', () => {
  it('verify with PayPal, refuse forged ones, and apply each event once', async () => {
    const listener = await newListener(world);
    const started = await world.t.app.inject({
      method: 'POST',
      url: '/api/v1/billing/checkout/paypal',
      headers: listener.headers,
      payload: { product_id: pro.id, price_id: priceId() },
    });
    const before = world.paypal.events.length;
    await fetch(started.json().url, { method: 'POST', redirect: 'manual' });
    const deliveries = world.paypal.events.slice(before);
    const sale = deliveries.find((delivery) => delivery.event.event_type === 'PAYMENT.SALE.COMPLETED');
    if (!sale) throw new Error('no sale event');

    const forged = { ...sale, headers: { ...sale.headers, 'paypal-transmission-sig': 'forged' } };
    expect((await sendPaypalEvent(world, forged)).statusCode).toBe(400);
    const unsigned = { body: sale.body, headers: {} };
    expect((await sendPaypalEvent(world, unsigned)).statusCode).toBe(400);
    const tampered = { ...sale, body: sale.body.replace(/"total":"[\d.]+"/, '"total":"0.01"') };
    expect((await sendPaypalEvent(world, tampered)).statusCode).toBe(400);
    await settleWebhooks(world);
    expect((await state(listener.id)).subscriptions).toHaveLength(0);

    for (let i = 0; i < 5; i++) expect((await sendPaypalEvent(world, sale)).statusCode).toBe(200);
    for (const delivery of deliveries) await sendPaypalEvent(world, delivery);
    await settleWebhooks(world);
    const { subscriptions, invoices } = await state(listener.id);
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]).toMatchObject({ gateway_name: 'paypal', status: 'active' });
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ amount: 800, paid: true });

    const failedFrom = world.paypal.events.length;
    await fetch(`${world.paypal.url}/_peer/subscriptions/${subscriptions[0]?.gateway_id}/charge`, {
      method: 'POST',
      body: JSON.stringify({ fail: true }),
    });
    for (const delivery of world.paypal.events.slice(failedFrom)) await sendPaypalEvent(world, delivery);
    await settleWebhooks(world);
    const after = await state(listener.id);
    expect(after.subscriptions[0]?.status).toBe('past_due');
    expect(after.invoices.filter((invoice) => !invoice.paid)).toHaveLength(1);
  });
});
