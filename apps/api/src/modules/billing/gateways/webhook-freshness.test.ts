import { describe, expect, it } from 'vitest';
import { FRESHNESS_MS, isFresh, paypalSignedAt, stripeSignedAt } from './webhook-freshness';

describe('webhook freshness', () => {
  const now = Date.UTC(2026, 0, 1, 12);

  it('takes 5 minutes either side of now, and nothing further', () => {
    expect(isFresh(now, now)).toBe(true);
    expect(isFresh(now - FRESHNESS_MS, now)).toBe(true);
    expect(isFresh(now + FRESHNESS_MS, now)).toBe(true);
    expect(isFresh(now - FRESHNESS_MS - 1000, now)).toBe(false);
    expect(isFresh(now + FRESHNESS_MS + 1000, now)).toBe(false);
    expect(isFresh(Number.NaN, now)).toBe(false);
  });

  it("reads Stripe's t= and PayPal's transmission time", () => {
    expect(stripeSignedAt('t=1767268800,v1=abc')).toBe(1767268800_000);
    expect(stripeSignedAt('v1=abc, t=1767268800')).toBe(1767268800_000);
    expect(stripeSignedAt('v1=abc')).toBeNull();
    expect(stripeSignedAt('t=soon,v1=abc')).toBeNaN();
    expect(paypalSignedAt('2026-01-01T12:00:00Z')).toBe(now);
    expect(paypalSignedAt(undefined)).toBeNull();
    expect(paypalSignedAt('yesterday')).toBeNaN();
  });
});
