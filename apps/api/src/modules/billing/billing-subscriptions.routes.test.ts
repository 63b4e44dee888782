import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BillingWorld,
  confirmCard,
  createPlan,
  newListener,
  payByCard,
  proPlan,
  startBillingWorld,
} from './billing.test-helper';

let world: BillingWorld;
let pro: Awaited<ReturnType<typeof createPlan>>;
let _basic: Awaited<ReturnType<typeof createPlan>>;
let _hidden: Awaited<ReturnType<typeof createPlan>>;

beforeAll(async () => {
  world = await startBillingWorld();
  _basic = await createPlan(world, {
    name: 'Basic',
    free: true,
    permissions: ['files.create'],
    upload_minutes: 180,
  });
  pro = await createPlan(world, proPlan);
  _hidden = await createPlan(world, { ...proPlan, name: 'Secret', hidden: true });
  // Building the app (PGlite in the embedded mode) is slow on a busy 2-core machine.
}, 180_000);
afterAll(async () => world?.close());

const inject = (options: InjectOptions) => world.t.app.inject(options);
const monthly = () => pro.prices[0] as { id: number };
const yearly = () => pro.prices[1] as { id: number };

describe('checkout by card (Stripe peer)', () => {
  it('changes plan with a prorated charge, cancels at period end and renews', async () => {
    const listener = await newListener(world);
    const { sessionId } = await payByCard(world, listener.headers, pro.id, monthly().id);
    await confirmCard(world, listener.headers, pro.id, monthly().id, sessionId as string);
    const preview = await inject({
      method: 'POST',
      url: '/api/v1/billing/subscription/change-plan/preview',
      headers: listener.headers,
      payload: { product_id: pro.id, price_id: yearly().id },
    });
    expect(preview.statusCode).toBe(200);
    expect(Number.isInteger(preview.json().amount_due)).toBe(true);
    expect(preview.json().amount_due).toBeGreaterThan(0);
    expect(preview.json().amount_due).toBeLessThanOrEqual(7600);
    const changed = await inject({
      method: 'POST',
      url: '/api/v1/billing/subscription/change-plan',
      headers: listener.headers,
      payload: { product_id: pro.id, price_id: yearly().id },
    });
    expect(changed.json().subscription.price_id).toBe(yearly().id);

    const cancelled = await inject({
      method: 'POST',
      url: '/api/v1/billing/subscription/cancel',
      headers: listener.headers,
    });
    expect(cancelled.json().subscription).toMatchObject({
      valid: true,
      on_grace_period: true,
      renews_at: null,
    });
    expect(cancelled.json().subscription.ends_at).not.toBeNull();
    const renewed = await inject({
      method: 'POST',
      url: '/api/v1/billing/subscription/renew',
      headers: listener.headers,
    });
    expect(renewed.json().subscription).toMatchObject({ valid: true, on_grace_period: false, ends_at: null });
  });
});

describe('checkout by wallet (PayPal peer)', () => {
  it('approves at the peer, confirms on the server, refuses a foreign subscription id', async () => {
    const listener = await newListener(world);
    const started = await inject({
      method: 'POST',
      url: '/api/v1/billing/checkout/paypal',
      headers: listener.headers,
      payload: { product_id: pro.id, price_id: monthly().id },
    });
    expect(started.statusCode).toBe(200);
    const approved = await fetch(started.json().url, { method: 'POST', redirect: 'manual' });
    const back = new URL(approved.headers.get('location') as string);
    expect(back.pathname).toBe(`/checkout/${pro.id}/${monthly().id}/paypal/done`);
    const subscriptionId = back.searchParams.get('subscription_id') as string;

    const thief = await newListener(world);
    const stolen = await inject({
      method: 'POST',
      url: '/api/v1/billing/checkout/paypal/done',
      headers: thief.headers,
      payload: { product_id: pro.id, price_id: monthly().id, subscription_id: subscriptionId },
    });
    expect(stolen.statusCode).toBe(404);
    const forged = await inject({
      method: 'POST',
      url: '/api/v1/billing/checkout/paypal/done',
      headers: listener.headers,
      payload: { product_id: pro.id, price_id: monthly().id, subscription_id: 'I-FORGED' },
    });
    expect(forged.statusCode).toBe(404);

    const done = await inject({
      method: 'POST',
      url: '/api/v1/billing/checkout/paypal/done',
      headers: listener.headers,
      payload: { product_id: pro.id, price_id: monthly().id, subscription_id: subscriptionId },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().subscription).toMatchObject({ gateway_name: 'paypal', valid: true });

    const cancelled = await inject({
      method: 'POST',
      url: '/api/v1/billing/subscription/cancel',
      headers: listener.headers,
    });
    expect(cancelled.json().subscription).toMatchObject({ valid: true, on_grace_period: true });
    expect(world.paypal.subscriptions.get(subscriptionId)?.status).toBe('SUSPENDED');
    const renewed = await inject({
      method: 'POST',
      url: '/api/v1/billing/subscription/renew',
      headers: listener.headers,
    });
    expect(renewed.json().subscription.on_grace_period).toBe(false);
  });
});
