import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoPlans } from '../../seed/demo-plans';
import { type BillingWorld, newListener, setBilling, startBillingWorld } from './billing.test-helper';

let world: BillingWorld;
type Plan = {
  id: number;
  name: string;
  description: string | null;
  is_seed?: boolean;
  unsynced_gateways?: string[];
  prices: { id: number; gateways?: string[] }[];
};

beforeAll(async () => {
  world = await startBillingWorld();
  await setBilling(world.t, { enable: false });
  await seedDemoPlans(world.t.deps.db);
}, 180_000);
afterAll(async () => world?.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  world.t.app.inject({ method, url, headers: world.admin, ...(payload ? { payload } : {}) });

async function adminPlan(name = 'Pro Unlimited'): Promise<Plan> {
  const list = await call('GET', '/api/v1/billing/admin/products');
  return (list.json().pagination.data as Plan[]).find((plan) => plan.name === name) as Plan;
}

async function publicPlan(): Promise<Plan> {
  const list = await world.t.app.inject({ url: '/api/v1/billing/products' });
  expect(list.statusCode, list.body).toBe(200);
  return (list.json().pagination.data as Plan[]).find((plan) => plan.name === 'Pro Unlimited') as Plan;
}

const startCard = async (plan: Plan) => {
  const buyer = await newListener(world);
  return world.t.app.inject({
    method: 'POST',
    url: '/api/v1/billing/checkout/stripe',
    headers: buyer.headers,
    payload: { product_id: plan.id, price_id: plan.prices[0]?.id },
  });
};

describe('a fresh install switching billing on', () => {
  it('marks the seeded plans for the admin and keeps the placeholder text off the public page', async () => {
    const seeded = await adminPlan();
    expect(seeded.is_seed).toBe(true);
    expect(seeded.unsynced_gateways).toEqual(['stripe', 'paypal']);
    expect((await adminPlan('Basic')).unsynced_gateways).toEqual([]);
    await setBilling(world.t, { enable: true });
    const listed = await publicPlan();
    expect(listed.description).toBeNull();
    expect(JSON.stringify(listed)).not.toContain('demo seed');
    expect(listed).not.toHaveProperty('is_seed');
    expect(listed.prices[0]?.gateways).toEqual([]);
    // Not synced: no provider is offered, and the api refuses card payment plainly.
    const refused = await startCard(listed);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.gateway).toEqual(['Card payments are not available.']);
    await setBilling(world.t, { enable: false });
  });

  it('syncs every plan to every enabled provider, so the seeded plan sells on the first try', async () => {
    const saved = await call('POST', '/api/v1/settings', { client: { billing: { enable: true } } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await adminPlan()).unsynced_gateways).toEqual([]);
    const listed = await publicPlan();
    for (const price of listed.prices) expect(price.gateways).toEqual(['stripe', 'paypal']);
    const started = await startCard(listed);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().url).toContain(world.stripe.url);
  });

  it('warns of a plan a provider does not know, and "Sync now" pushes it', async () => {
    const plan = await adminPlan();
    await world.t.deps.db
      .updateTable('prices')
      .set({ paypal_id: null })
      .where('product_id', '=', plan.id)
      .execute();
    expect((await adminPlan()).unsynced_gateways).toEqual(['paypal']);
    expect((await publicPlan()).prices[0]?.gateways).toEqual(['stripe']);
    const synced = await call('POST', `/api/v1/billing/admin/products/${plan.id}/sync`);
    expect(synced.statusCode, synced.body).toBe(200);
    expect(synced.json().product.unsynced_gateways).toEqual([]);
    expect((await publicPlan()).prices[0]?.gateways).toEqual(['stripe', 'paypal']);
  });

  it('stops asking to replace a seeded plan once the admin saves it', async () => {
    const plan = await adminPlan();
    const saved = await call('PUT', `/api/v1/billing/admin/products/${plan.id}`, {
      name: 'Pro',
      description: 'Everything, no ads.',
      feature_list: ['No ads'],
      permissions: [],
      prices: plan.prices,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().product.is_seed).toBe(false);
  });
});
