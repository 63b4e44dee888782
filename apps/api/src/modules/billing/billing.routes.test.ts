import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BillingWorld,
  confirmCard,
  createPlan,
  newListener,
  payByCard,
  proPlan,
  setBilling,
  startBillingWorld,
} from './billing.test-helper';

let world: BillingWorld;
let pro: Awaited<ReturnType<typeof createPlan>>;
let basic: Awaited<ReturnType<typeof createPlan>>;
let hidden: Awaited<ReturnType<typeof createPlan>>;

beforeAll(async () => {
  world = await startBillingWorld();
  basic = await createPlan(world, {
    name: 'Basic',
    free: true,
    permissions: ['files.create'],
    upload_minutes: 180,
  });
  pro = await createPlan(world, proPlan);
  hidden = await createPlan(world, { ...proPlan, name: 'Secret', hidden: true });
  // Building the app (PGlite in the embedded mode) is slow on a busy 2-core machine.
}, 180_000);
afterAll(async () => world?.close());

const inject = (options: InjectOptions) => world.t.app.inject(options);
const monthly = () => pro.prices[0] as { id: number };
const yearly = () => pro.prices[1] as { id: number };

describe('plans and GET billing/products', () => {
  it('lists visible plans with integer prices; hidden plans stay out', async () => {
    const response = await inject({ url: '/api/v1/billing/products' });
    expect(response.statusCode).toBe(200);
    const names = response.json().pagination.data.map((p: { name: string }) => p.name);
    expect(names).toEqual(['Basic', 'Pro']);
    const prices = response.json().pagination.data[1].prices;
    expect(prices.map((p: { amount: number }) => p.amount)).toEqual([800, 7600]);
  });

  it('syncs each plan to both providers and keeps their ids', async () => {
    const row = await world.t.deps.db
      .selectFrom('prices')
      .selectAll()
      .where('product_id', '=', pro.id)
      .execute();
    expect(
      row.every((price) => price.stripe_id?.startsWith('price_') && price.paypal_id?.startsWith('P-')),
    ).toBe(true);
    expect(world.stripe.store.price.size).toBeGreaterThanOrEqual(2);
  });

  it('refuses float amounts, bad intervals and paid plans without prices (422)', async () => {
    for (const prices of [
      [{ amount: 7.99, currency: 'USD', interval: 'month', interval_count: 1 }],
      [{ amount: 799, currency: 'USD', interval: 'week', interval_count: 1 }],
      [{ amount: 799, currency: 'DOLLARS', interval: 'month', interval_count: 1 }],
      [],
    ]) {
      const response = await inject({
        method: 'POST',
        url: '/api/v1/billing/admin/products',
        headers: world.admin,
        payload: { name: 'Broken', prices },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toBeTypeOf('object');
    }
  });

  it('is 404 with billing off, and plans need plans.update', async () => {
    await setBilling(world.t, { enable: false });
    expect((await inject({ url: '/api/v1/billing/products' })).statusCode).toBe(404);
    const listener = await newListener(world);
    expect(
      (
        await inject({
          method: 'POST',
          url: '/api/v1/billing/checkout/stripe',
          headers: listener.headers,
          payload: { product_id: pro.id, price_id: monthly().id },
        })
      ).statusCode,
    ).toBe(404);
    await setBilling(world.t, { enable: true });
    expect(
      (await inject({ url: '/api/v1/billing/admin/products', headers: listener.headers })).statusCode,
    ).toBe(403);
  });
});

describe('checkout by card (Stripe peer)', () => {
  it('without a subscription the free plan grants its minutes (billing on)', async () => {
    const listener = await newListener(world);
    const bootUser = (await inject({ url: '/api/v1/bootstrap-data', headers: listener.headers })).json()
      .bootstrapData.user;
    expect(bootUser.subscriptions).toEqual([]);
    const musicCreate = bootUser.permissions.find((p: { name: string }) => p.name === 'music.create');
    expect(musicCreate.restrictions).toEqual([{ name: 'minutes', value: 180 }]);
  });

  it('guests cannot start a checkout (401)', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/v1/billing/checkout/stripe',
      payload: { product_id: pro.id, price_id: monthly().id },
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a price of another plan, a hidden plan and an archived price', async () => {
    const listener = await newListener(world);
    const start = (product_id: number, price_id: number) =>
      inject({
        method: 'POST',
        url: '/api/v1/billing/checkout/stripe',
        headers: listener.headers,
        payload: { product_id, price_id },
      });
    expect((await start(basic.id, monthly().id)).statusCode).toBe(422);
    expect((await start(hidden.id, (hidden.prices[0] as { id: number }).id)).statusCode).toBe(404);
    expect((await start(pro.id, 999_999)).statusCode).toBe(422);
    const archivable = await createPlan(world, { ...proPlan, name: 'Archivable' });
    const [first, second] = archivable.prices as unknown as [{ id: number }, { id: number }];
    const archived = await inject({
      method: 'PUT',
      url: `/api/v1/billing/admin/products/${archivable.id}`,
      headers: world.admin,
      payload: {
        ...proPlan,
        name: 'Archivable',
        prices: [
          { ...proPlan.prices[0], id: first.id, archived: true },
          { ...proPlan.prices[1], id: second.id },
        ],
      },
    });
    expect(archived.statusCode).toBe(200);
    expect((await start(archivable.id, first.id)).statusCode).toBe(422);
    const publicPlan = (await inject({ url: `/api/v1/billing/products/${archivable.id}` })).json().product;
    expect(publicPlan.prices.map((p: { id: number }) => p.id)).toEqual([second.id]);
  });

  it('pays through the hosted page, confirms on the server, grants the plan', async () => {
    const listener = await newListener(world);
    const { sessionId } = await payByCard(world, listener.headers, pro.id, yearly().id);
    expect(sessionId).toMatch(/^cs_test_/);
    const done = await confirmCard(world, listener.headers, pro.id, yearly().id, sessionId as string);
    expect(done.statusCode).toBe(200);
    expect(done.json().subscription).toMatchObject({
      product_id: pro.id,
      price_id: yearly().id,
      gateway_name: 'stripe',
      valid: true,
      status: 'active',
    });

    const me = (await inject({ url: '/api/v1/billing/subscription', headers: listener.headers })).json();
    expect(me.payment_method).toEqual({ brand: 'visa', last4: '4242' });
    expect(me.subscription.renews_at).not.toBeNull();
    // The plan's role: its grants and upload minutes, and `subscribed` in bootstrap data.
    const bootUser = (await inject({ url: '/api/v1/bootstrap-data', headers: listener.headers })).json()
      .bootstrapData.user;
    expect(bootUser.subscriptions).toEqual([{ valid: true, active: true }]);
    const musicCreate = bootUser.permissions.find((p: { name: string }) => p.name === 'music.create');
    expect(musicCreate.restrictions).toEqual([{ name: 'minutes', value: 600 }]);

    // Spec 2.8: subscribed users go to /billing instead of a second checkout.
    const second = await inject({
      method: 'POST',
      url: '/api/v1/billing/checkout/stripe',
      headers: listener.headers,
      payload: { product_id: pro.id, price_id: monthly().id },
    });
    expect(second.statusCode).toBe(409);

    // Confirming the same session again changes nothing.
    expect(
      (await confirmCard(world, listener.headers, pro.id, yearly().id, sessionId as string)).statusCode,
    ).toBe(200);
    const rows = await world.t.deps.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', listener.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses a forged or a foreign done session', async () => {
    const owner = await newListener(world);
    const thief = await newListener(world);
    const { sessionId } = await payByCard(world, owner.headers, pro.id, monthly().id);
    const forged = await confirmCard(world, thief.headers, pro.id, monthly().id, 'cs_test_forged');
    expect(forged.statusCode).toBe(404);
    await payByCard(world, thief.headers, pro.id, monthly().id, '4000000000000002');
    const foreign = await confirmCard(world, thief.headers, pro.id, monthly().id, sessionId as string);
    expect(foreign.statusCode).toBe(404);
    const thiefRows = await world.t.deps.db
      .selectFrom('subscriptions')
      .select('id')
      .where('user_id', '=', thief.id)
      .execute();
    expect(thiefRows).toHaveLength(0);
  });

  it('a declined card stays on the hosted page and creates nothing', async () => {
    const listener = await newListener(world);
    const attempt = await payByCard(world, listener.headers, pro.id, monthly().id, '4000000000000002');
    expect(attempt.status).toBe(402);
    expect(await attempt.page.text()).toContain('Your card was declined.');
    const rows = await world.t.deps.db
      .selectFrom('subscriptions')
      .select('id')
      .where('user_id', '=', listener.id)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('a double-clicked pay button opens one session and makes one subscription', async () => {
    const listener = await newListener(world);
    const start = () =>
      inject({
        method: 'POST',
        url: '/api/v1/billing/checkout/stripe',
        headers: listener.headers,
        payload: { product_id: pro.id, price_id: monthly().id },
      });
    const [a, b] = await Promise.all([start(), start()]);
    expect(a.json().url).toBe(b.json().url);
    const paid = await fetch(a.json().url, {
      method: 'POST',
      body: new URLSearchParams({ card: '4242424242424242' }),
      redirect: 'manual',
    });
    const sessionId = new URL(paid.headers.get('location') as string).searchParams.get(
      'session_id',
    ) as string;
    await Promise.all([
      confirmCard(world, listener.headers, pro.id, monthly().id, sessionId),
      confirmCard(world, listener.headers, pro.id, monthly().id, sessionId),
    ]);
    const rows = await world.t.deps.db
      .selectFrom('subscriptions')
      .select('id')
      .where('user_id', '=', listener.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

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

  it('a plan with subscribers cannot lose or reprice a price they pay', async () => {
    const product = (
      await inject({ url: `/api/v1/billing/admin/products/${pro.id}`, headers: world.admin })
    ).json().product;
    const dropYearly = await inject({
      method: 'PUT',
      url: `/api/v1/billing/admin/products/${pro.id}`,
      headers: world.admin,
      payload: { ...proPlan, prices: [{ ...proPlan.prices[0], id: product.prices[0].id }] },
    });
    expect(dropYearly.statusCode).toBe(422);
    const reprice = await inject({
      method: 'PUT',
      url: `/api/v1/billing/admin/products/${pro.id}`,
      headers: world.admin,
      payload: {
        ...proPlan,
        prices: [
          { ...proPlan.prices[0], id: product.prices[0].id, amount: 900 },
          { ...proPlan.prices[1], id: product.prices[1].id },
        ],
      },
    });
    expect(reprice.statusCode).toBe(422);
    expect(
      (
        await inject({
          method: 'DELETE',
          url: `/api/v1/billing/admin/products/${pro.id}`,
          headers: world.admin,
        })
      ).statusCode,
    ).toBe(409);
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

describe('admin subscriptions', () => {
  it('grants by hand, lists, cancels and resumes', async () => {
    const listener = await newListener(world);
    const granted = await inject({
      method: 'POST',
      url: '/api/v1/billing/admin/subscriptions',
      headers: world.admin,
      payload: { user_id: listener.id, product_id: pro.id },
    });
    expect(granted.statusCode).toBe(200);
    const id = granted.json().subscription.id;
    const again = await inject({
      method: 'POST',
      url: '/api/v1/billing/admin/subscriptions',
      headers: world.admin,
      payload: { user_id: listener.id, product_id: pro.id },
    });
    expect(again.statusCode).toBe(422);
    const list = await inject({ url: '/api/v1/billing/admin/subscriptions', headers: world.admin });
    expect(list.json().pagination.data.some((s: { id: number }) => s.id === id)).toBe(true);
    const cancelled = await inject({
      method: 'POST',
      url: `/api/v1/billing/admin/subscriptions/${id}/cancel`,
      headers: world.admin,
    });
    expect(cancelled.json().subscription.valid).toBe(false);
    const resumed = await inject({
      method: 'POST',
      url: `/api/v1/billing/admin/subscriptions/${id}/resume`,
      headers: world.admin,
    });
    expect(resumed.json().subscription.valid).toBe(true);
  });
});

describe('admin lists and audit', () => {
  const auditRows = (subjectType: string, id: number) =>
    world.t.deps.db
      .selectFrom('audit_log')
      .selectAll()
      .where('subject_type', '=', subjectType)
      .where('subject_id', '=', String(id))
      .orderBy('id')
      .execute();

  it('filters subscriptions by state, provider, plan and user, and sorts them', async () => {
    const listener = await newListener(world);
    const email = (
      await world.t.deps.db
        .selectFrom('users')
        .select('email')
        .where('id', '=', listener.id)
        .executeTakeFirstOrThrow()
    ).email;
    const granted = await inject({
      method: 'POST',
      url: '/api/v1/billing/admin/subscriptions',
      headers: world.admin,
      payload: { user_id: listener.id, product_id: basic.id },
    });
    const id = granted.json().subscription.id as number;
    const ids = async (query: string) => {
      const response = await inject({
        url: `/api/v1/billing/admin/subscriptions?${query}`,
        headers: world.admin,
      });
      expect(response.statusCode).toBe(200);
      return response.json().pagination.data.map((s: { id: number }) => s.id) as number[];
    };
    expect(await ids(`query=${encodeURIComponent(email.toUpperCase())}`)).toEqual([id]);
    expect(await ids(`product=${basic.id}&gateway=none&state=active`)).toContain(id);
    expect(await ids('gateway=stripe')).not.toContain(id);
    expect(await ids('state=ended')).not.toContain(id);
    await inject({
      method: 'POST',
      url: `/api/v1/billing/admin/subscriptions/${id}/cancel`,
      headers: world.admin,
    });
    expect(await ids('state=ended')).toContain(id);
    expect(await ids('state=active')).not.toContain(id);
    expect(await ids('orderBy=created_at&orderDir=asc&perPage=100')).toContain(id);
    for (const bad of ['state=gone', 'gateway=bank', 'orderBy=password', 'product=x']) {
      const response = await inject({
        url: `/api/v1/billing/admin/subscriptions?${bad}`,
        headers: world.admin,
      });
      expect(response.statusCode).toBe(422);
    }
    const rows = await auditRows('subscriptions', id);
    expect(rows.map((row) => row.action)).toEqual(['subscriptions.grant', 'subscriptions.cancel']);
  });

  it('searches plans by name and records plan writes in the audit log', async () => {
    const search = await inject({ url: '/api/v1/billing/admin/products?query=SECR', headers: world.admin });
    expect(search.json().pagination.data.map((p: { name: string }) => p.name)).toEqual(['Secret']);
    const plan = await createPlan(world, { ...proPlan, name: 'Audited' });
    const updated = await inject({
      method: 'PUT',
      url: `/api/v1/billing/admin/products/${plan.id}`,
      headers: world.admin,
      payload: { ...proPlan, name: 'Audited 2', prices: plan.prices.map((price) => ({ ...price })) },
    });
    expect(updated.statusCode).toBe(200);
    const deleted = await inject({
      method: 'DELETE',
      url: `/api/v1/billing/admin/products/${plan.id}`,
      headers: world.admin,
    });
    expect(deleted.statusCode).toBe(200);
    const rows = await auditRows('plans', plan.id);
    expect(rows.map((row) => row.action)).toEqual(['plans.create', 'plans.update', 'plans.delete']);
    expect(rows[0]?.actor_id).toBeTypeOf('number');
  });
});
