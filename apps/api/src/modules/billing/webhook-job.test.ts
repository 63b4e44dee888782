import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobQueue } from '../../platform/jobs/jobs';
import { bindBillingJobs } from './billing.plugin';
import {
  type BillingWorld,
  confirmCard,
  createPlan,
  newListener,
  notificationTypesOf,
  payByCard,
  proPlan,
  type StripeProxy,
  sendStripeEvent,
  settleWebhooks,
  startBillingWorld,
  startStripeProxy,
  subscriptionState,
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
const state = (userId: number) => subscriptionState(world, userId);
const notificationTypes = (userId: number) => notificationTypesOf(world, userId);
const eventsSince = (index: number) => world.stripe.events.slice(index);

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
});
