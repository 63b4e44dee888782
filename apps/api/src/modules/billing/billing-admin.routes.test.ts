import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BillingWorld,
  createPlan,
  newListener,
  proPlan,
  startBillingWorld,
} from './billing.test-helper';

let world: BillingWorld;
let pro: Awaited<ReturnType<typeof createPlan>>;
let basic: Awaited<ReturnType<typeof createPlan>>;
let _hidden: Awaited<ReturnType<typeof createPlan>>;

beforeAll(async () => {
  world = await startBillingWorld();
  basic = await createPlan(world, {
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
const _monthly = () => pro.prices[0] as { id: number };
const _yearly = () => pro.prices[1] as { id: number };

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
