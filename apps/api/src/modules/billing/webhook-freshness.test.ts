import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BillingWorld,
  createPlan,
  newListener,
  payByCard,
  proPlan,
  sendPaypalEvent,
  sendStripeEvent,
  settleWebhooks,
  startBillingWorld,
} from './billing.test-helper';
import { NOT_FRESH_MESSAGE } from './gateways/webhook-freshness';

let world: BillingWorld;
let pro: Awaited<ReturnType<typeof createPlan>>;

beforeAll(async () => {
  world = await startBillingWorld();
  pro = await createPlan(world, proPlan);
}, 180_000);
afterAll(async () => world?.close());

const MINUTE = 60_000;
const priceId = () => (pro.prices[0] as { id: number }).id;
const storedEvents = (eventId: string) =>
  world.t.deps.db.selectFrom('billing_webhook_events').select('id').where('event_id', '=', eventId).execute();

describe('webhook freshness (5 minutes either way, checked before storing)', () => {
  it('refuses Stripe events signed an hour ahead or 6 minutes ago, stores nothing, takes 4 minutes ahead', async () => {
    const listener = await newListener(world);
    const before = world.stripe.events.length;
    await payByCard(world, listener.headers, pro.id, priceId());
    const completed = world.stripe.events.slice(before).find((e) => e.type === 'checkout.session.completed');
    if (!completed) throw new Error('no checkout.session.completed event');
    const body = JSON.stringify(completed);
    const at = (offsetMs: number) => world.stripe.sign(body, Math.floor((Date.now() + offsetMs) / 1000));

    for (const offset of [60 * MINUTE, -6 * MINUTE]) {
      const response = await sendStripeEvent(world, body, at(offset));
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(NOT_FRESH_MESSAGE);
    }
    expect(await storedEvents(completed.id)).toHaveLength(0);

    expect((await sendStripeEvent(world, body, at(4 * MINUTE))).statusCode).toBe(200);
    await settleWebhooks(world);
    expect(await storedEvents(completed.id)).toHaveLength(1);
  });

  it('refuses PayPal events transmitted a day ago or an hour ahead, stores nothing, takes 4 minutes ago', async () => {
    const listener = await newListener(world);
    const started = await world.t.app.inject({
      method: 'POST',
      url: '/api/v1/billing/checkout/paypal',
      headers: listener.headers,
      payload: { product_id: pro.id, price_id: priceId() },
    });
    const before = world.paypal.events.length;
    await fetch(started.json().url, { method: 'POST', redirect: 'manual' });
    const sale = world.paypal.events
      .slice(before)
      .find((delivery) => delivery.event.event_type === 'PAYMENT.SALE.COMPLETED');
    if (!sale) throw new Error('no sale event');
    // Signed by the peer for that time: PayPal's own verification would say SUCCESS.
    const at = (offsetMs: number) => ({
      body: sale.body,
      headers: world.paypal.signedHeaders(sale.body, new Date(Date.now() + offsetMs).toISOString()),
    });

    for (const offset of [-24 * 60 * MINUTE, 60 * MINUTE]) {
      const response = await sendPaypalEvent(world, at(offset));
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(NOT_FRESH_MESSAGE);
    }
    const garbled = { ...sale, headers: { ...sale.headers, 'paypal-transmission-time': 'yesterday' } };
    expect((await sendPaypalEvent(world, garbled)).statusCode).toBe(400);
    expect(await storedEvents(sale.event.id)).toHaveLength(0);

    expect((await sendPaypalEvent(world, at(-4 * MINUTE))).statusCode).toBe(200);
    await settleWebhooks(world);
    expect(await storedEvents(sale.event.id)).toHaveLength(1);
  });
});
