import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BillingWorld,
  confirmCard,
  createPlan,
  newListener,
  notificationTypesOf,
  payByCard,
  proPlan,
  type StripeProxy,
  sendPaypalEvent,
  sendStripeEvent,
  settleWebhooks,
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
