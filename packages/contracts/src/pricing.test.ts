import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  displayAmount,
  formatDisplayPrice,
  formatLedgerAmount,
  formatMinorAmount,
  highestSavingsPercentage,
  majorAmountDigits,
  pickPrice,
  type TPriceLike,
} from './pricing';

const price = (interval: TPriceLike['interval'], interval_count: number, amount = 100): TPriceLike => ({
  amount,
  currency: 'USD',
  interval,
  interval_count,
});

const arbPrice = fc.record({
  amount: fc.integer({ min: 0, max: 10_000_000 }),
  currency: fc.constantFrom('USD', 'EUR', 'JPY'),
  interval: fc.constantFrom('day' as const, 'month' as const, 'year' as const),
  interval_count: fc.integer({ min: 1, max: 400 }),
});

describe('pickPrice (spec 4)', () => {
  it('monthly takes the first of at least 30 days or 1 month', () => {
    const prices = [price('day', 7), price('day', 30), price('month', 1)];
    expect(pickPrice('monthly', prices)).toBe(prices[1]);
    expect(pickPrice('monthly', [price('year', 1), price('month', 6)])?.interval_count).toBe(6);
  });

  it('yearly takes the first of at least 12 months or 1 year', () => {
    const prices = [price('month', 1), price('month', 6), price('month', 12), price('year', 1)];
    expect(pickPrice('yearly', prices)).toBe(prices[2]);
    expect(pickPrice('yearly', [price('day', 364), price('year', 2)])?.interval).toBe('year');
  });

  it('falls back to the first price, and to nothing without prices', () => {
    const prices = [price('day', 7), price('day', 14)];
    expect(pickPrice('yearly', prices)).toBe(prices[0]);
    expect(pickPrice('monthly', prices)).toBe(prices[0]);
    expect(pickPrice('monthly', [])).toBeUndefined();
  });

  it('property: the pick is a member; it matches the cycle rule or no price does', () => {
    fc.assert(
      fc.property(
        fc.array(arbPrice, { maxLength: 8 }),
        fc.constantFrom('monthly' as const, 'yearly' as const),
        (prices, cycle) => {
          const picked = pickPrice(cycle, prices);
          if (prices.length === 0) return picked === undefined;
          const rule =
            cycle === 'monthly'
              ? (p: TPriceLike) =>
                  (p.interval === 'day' && p.interval_count >= 30) ||
                  (p.interval === 'month' && p.interval_count >= 1)
              : (p: TPriceLike) =>
                  (p.interval === 'month' && p.interval_count >= 12) ||
                  (p.interval === 'year' && p.interval_count >= 1);
          const firstMatch = prices.findIndex(rule);
          return picked === prices[firstMatch === -1 ? 0 : firstMatch];
        },
      ),
    );
  });
});

describe('highestSavingsPercentage (spec 9)', () => {
  it('is round((12 x monthly - yearly) / (12 x monthly) x 100) of the best plan', () => {
    const pro = { prices: [price('month', 1, 800), price('month', 6, 4300), price('month', 12, 7600)] };
    expect(highestSavingsPercentage([pro])).toBe(21);
    const cheap = { prices: [price('month', 1, 1000), price('year', 1, 6000)] };
    expect(highestSavingsPercentage([pro, cheap])).toBe(50);
  });

  it('counts nothing at or below 0, and no plan without both prices', () => {
    expect(highestSavingsPercentage([{ prices: [price('month', 1, 100), price('year', 1, 1200)] }])).toBe(0);
    expect(highestSavingsPercentage([{ prices: [price('month', 1, 100), price('year', 1, 5000)] }])).toBe(0);
    expect(highestSavingsPercentage([{ prices: [] }])).toBe(0);
    expect(highestSavingsPercentage([])).toBe(0);
  });

  it('property: an integer in 0..100 (yearly amounts are never negative), the max over single plans', () => {
    const arbPlan = fc.record({ prices: fc.array(arbPrice, { maxLength: 5 }) });
    fc.assert(
      fc.property(fc.array(arbPlan, { maxLength: 6 }), (plans) => {
        const value = highestSavingsPercentage(plans);
        const singles = plans.map((plan) => highestSavingsPercentage([plan]));
        return Number.isInteger(value) && value >= 0 && value <= 100 && value === Math.max(0, ...singles);
      }),
    );
  });
});

describe('displayed price (spec 9)', () => {
  it('divides the amount by interval_count and formats it in the currency', () => {
    expect(formatDisplayPrice(price('month', 12, 7600))).toBe('$6.33');
    expect(formatDisplayPrice(price('month', 1, 800))).toBe('$8');
    expect(formatMinorAmount(1999, 'EUR')).toBe('€19.99');
    expect(formatMinorAmount(500, 'JPY')).toBe('¥500');
  });

  it("writes a ledger amount with its currency's own minor digits, whole amounts included", () => {
    expect(formatLedgerAmount(1234, 'USD', 'en')).toBe('$12.34');
    expect(formatLedgerAmount(1200, 'USD', 'en')).toBe('$12.00');
    expect(formatLedgerAmount(1234, 'JPY', 'en')).toBe('¥1,234');
    expect(formatLedgerAmount(1234, 'KWD', 'en')).toBe('KWD\u00a01.234');
    expect(majorAmountDigits(467, 'USD')).toBe('4.67');
    expect(majorAmountDigits(467, 'JPY')).toBe('467');
  });

  it('property: amount / interval_count, never more than the amount', () => {
    fc.assert(
      fc.property(arbPrice, (p) => {
        const shown = displayAmount(p);
        return Math.abs(shown * p.interval_count - p.amount) < 1e-6 && shown <= p.amount;
      }),
    );
  });

  it('property: the formatted text carries the rounded minor amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_00 }), (cents) => {
        const text = formatMinorAmount(cents, 'USD').replace(/[$,]/g, '');
        return Math.round(Number(text) * 100) === cents;
      }),
    );
  });
});
