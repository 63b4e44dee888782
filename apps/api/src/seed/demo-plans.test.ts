import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { seedDemoPlans } from './demo-plans';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoPlans(t.deps.db);
  await t.app.services.settings.save({ client: { billing: { enable: true } } });
  // Building the app (PGlite in the embedded mode) is slow on a busy 2-core machine.
}, 180_000);
afterAll(async () => t?.close());

describe('demo plans (SEED_DEMO_CATALOGUE)', () => {
  it('a free plan and a paid plan with monthly and yearly prices, marked as seeded, with no placeholder text for buyers', async () => {
    const response = await t.app.inject({ url: '/api/v1/billing/products' });
    const plans = response.json().pagination.data;
    expect(plans.map((plan: { name: string; free: boolean }) => [plan.name, plan.free])).toEqual([
      ['Basic', true],
      ['Pro Unlimited', false],
    ]);
    expect(
      plans[1].prices.map((p: { amount: number; interval_count: number }) => [p.amount, p.interval_count]),
    ).toEqual([
      [800, 1],
      [4300, 6],
      [7600, 12],
    ]);
    // Issue 32: the "replace me" note is the admin's (is_seed), never the public page's text.
    for (const plan of plans) expect(plan.description ?? '').not.toMatch(/seed|replace/i);
    const seeded = await t.deps.db.selectFrom('products').select(['name', 'is_seed']).orderBy('id').execute();
    expect(seeded.map((row) => row.is_seed)).toEqual([true, true]);
    expect(plans[0].permissions).toEqual(['files.create', 'music.create']);
    // Issue 37: "Download tracks" on the paid plan is offline listening's permission.
    expect(plans[1].permissions).toEqual(['files.create', 'music.create', 'music.download']);
  });
});
