import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createRedisQueue } from '../../platform/jobs/redis-queue';
import { isEmbeddedTarget } from '../../test/test-app';
import { bindBillingJobs } from './billing.plugin';
import {
  type BillingWorld,
  createPlan,
  newListener,
  notificationTypesOf,
  payByCard,
  proPlan,
  type StripeProxy,
  sendStripeEvent,
  startBillingWorld,
  startStripeProxy,
  subscriptionState,
} from './billing.test-helper';

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
