import type { TPrice, TProduct } from '@cadence/contracts/billing';
import { describe, expect, it } from 'vitest';
import { billingPeriod, planButton, planPrice } from './pricing-model';

const price = (id: number, interval: TPrice['interval'], interval_count: number): TPrice => ({
  id,
  product_id: 2,
  amount: 800 * interval_count,
  currency: 'USD',
  interval,
  interval_count,
  archived: false,
});
const plan = (overrides: Partial<TProduct>): TProduct => ({
  id: 2,
  name: 'Pro',
  description: null,
  feature_list: [],
  position: 0,
  recommended: false,
  free: false,
  hidden: false,
  upload_minutes: null,
  permissions: [],
  prices: [price(10, 'month', 1), price(11, 'month', 12)],
  ...overrides,
});
const guest = { isLoggedIn: false, isSubscribed: false, currentPriceId: null };
const listener = { isLoggedIn: true, isSubscribed: false, currentPriceId: null };
const subscriber = { isLoggedIn: true, isSubscribed: true, currentPriceId: 10 };

describe('plan cards (spec 4)', () => {
  it('picks the cycle price, none for a free plan', () => {
    expect(planPrice(plan({}), 'yearly')?.id).toBe(11);
    expect(planPrice(plan({}), 'monthly')?.id).toBe(10);
    expect(planPrice(plan({ free: true, prices: [] }), 'yearly')).toBeNull();
  });

  it('sends guests to sign up, keeping a paid choice', () => {
    expect(planButton(plan({}), price(11, 'month', 12), guest)).toEqual({
      kind: 'link',
      label: 'Upgrade',
      to: '/register?redirectFrom=pricing',
      storesSelection: true,
    });
    expect(planButton(plan({ free: true, prices: [] }), null, guest)).toMatchObject({
      label: 'Get started for free',
      storesSelection: false,
    });
  });

  it('sends a listener to checkout and a subscriber to the plan-change confirm page', () => {
    expect(planButton(plan({}), price(11, 'month', 12), listener)).toMatchObject({ to: '/checkout/2/11' });
    expect(planButton(plan({}), price(11, 'month', 12), subscriber)).toMatchObject({
      to: '/billing/change-plan/2/11/confirm',
    });
    expect(planButton(plan({}), price(10, 'month', 1), subscriber)).toEqual({
      kind: 'current',
      label: 'Current plan',
    });
  });

  it('names the charge period', () => {
    expect(billingPeriod(price(1, 'month', 6))).toEqual(['every :count months', { count: '6' }]);
    expect(billingPeriod(price(1, 'year', 1))).toEqual(['every year', { count: '1' }]);
  });
});
