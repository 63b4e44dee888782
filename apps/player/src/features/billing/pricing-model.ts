import type { TPrice, TProduct } from '@cadence/contracts/billing';
import { pickPrice, type TPricingCycle } from '@cadence/contracts/pricing';

export type TPlanButton =
  | { kind: 'link'; label: string; to: string; storesSelection: boolean }
  | { kind: 'current'; label: string };

export type TViewer = {
  isLoggedIn: boolean;
  isSubscribed: boolean;
  /** The price the viewer pays now (subscribed only). */
  currentPriceId: number | null;
};

/** The price a card shows for the cycle (spec 4), none for a free plan. */
export function planPrice(product: Pick<TProduct, 'free' | 'prices'>, cycle: TPricingCycle): TPrice | null {
  if (product.free) return null;
  return pickPrice(cycle, product.prices) ?? null;
}

/**
 * Spec 4 button of a plan card: "Get started for free" on a free plan, "Upgrade" otherwise;
 * a guest goes to /register?redirectFrom=pricing (the paid choice is kept for after sign-up),
 * a subscriber to the plan-change confirm page, anyone else signed in to the checkout.
 */
export function planButton(product: TProduct, price: TPrice | null, viewer: TViewer): TPlanButton {
  const label = product.free || !price ? 'Get started for free' : 'Upgrade';
  if (!viewer.isLoggedIn)
    return { kind: 'link', label, to: '/register?redirectFrom=pricing', storesSelection: price !== null };
  if (price && viewer.currentPriceId === price.id) return { kind: 'current', label: 'Current plan' };
  if (viewer.isSubscribed) {
    // Going down to a free plan means letting the paid one end.
    if (!price) return { kind: 'link', label, to: '/billing/cancel', storesSelection: false };
    return {
      kind: 'link',
      label,
      to: `/billing/change-plan/${product.id}/${price.id}/confirm`,
      storesSelection: false,
    };
  }
  if (!price) return { kind: 'link', label, to: '/', storesSelection: false };
  return { kind: 'link', label, to: `/checkout/${product.id}/${price.id}`, storesSelection: false };
}

const UNIT: Record<TPrice['interval'], string> = { day: 'day', month: 'month', year: 'year' };

/** "/ month": the displayed price (amount / interval_count) is per one interval unit. */
export function perUnitLabel(price: Pick<TPrice, 'interval'>): string {
  return `/ ${UNIT[price.interval]}`;
}

/** "every 6 months", "every year": how often the whole amount is charged, as a line key and its values. */
export function billingPeriod(
  price: Pick<TPrice, 'interval' | 'interval_count'>,
): [string, { count: string }] {
  const unit = UNIT[price.interval];
  const count = String(price.interval_count);
  return price.interval_count === 1 ? [`every ${unit}`, { count }] : [`every :count ${unit}s`, { count }];
}
