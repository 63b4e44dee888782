import { GENERIC_ERROR_MESSAGE } from '@cadence/contracts/error-messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BillingWorld, newListener, proPlan, startBillingWorld } from './billing.test-helper';

let world: BillingWorld;

// Stripe's base url points at a closed port: every call fails at the network.
beforeAll(async () => {
  world = await startBillingWorld({ stripeApiBase: 'http://127.0.0.1:9' });
  // Building the app (PGlite in the embedded mode) is slow on a busy 2-core machine.
}, 180_000);
afterAll(async () => world?.close());

describe('a provider that cannot be reached', () => {
  it('answers the generic message and keeps what was saved', async () => {
    const saved = await world.t.app.inject({
      method: 'POST',
      url: '/api/v1/billing/admin/products',
      headers: world.admin,
      payload: proPlan,
    });
    expect(saved.statusCode).toBe(503);
    expect(saved.json().message).toBe(GENERIC_ERROR_MESSAGE);
    const plans = await world.t.deps.db.selectFrom('products').selectAll().execute();
    expect(plans.map((plan) => plan.name)).toEqual(['Pro']);

    // Stripe is synced first and failed, so the plan has no Stripe price: card checkout is refused plainly.
    const plan = plans[0] as { id: number };
    const price = await world.t.deps.db
      .selectFrom('prices')
      .selectAll()
      .where('product_id', '=', plan.id)
      .executeTakeFirstOrThrow();
    await world.t.deps.db
      .updateTable('prices')
      .set({ stripe_id: 'price_unreachable' })
      .where('id', '=', price.id)
      .execute();
    const listener = await newListener(world);
    const checkout = await world.t.app.inject({
      method: 'POST',
      url: '/api/v1/billing/checkout/stripe',
      headers: listener.headers,
      payload: { product_id: plan.id, price_id: price.id },
    });
    expect(checkout.statusCode).toBe(503);
    expect(checkout.json().message).toBe(GENERIC_ERROR_MESSAGE);
    const rows = await world.t.deps.db.selectFrom('billing_customers').selectAll().execute();
    expect(rows).toHaveLength(0);
  });
});
