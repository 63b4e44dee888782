/**
 * Spec 4 "Pricing cycle" and spec 9's savings badge and displayed price, shared by the api and
 * the player. Amounts are integers in the currency's minor unit.
 */
import { numberFormat } from './number-format';

export type TPricingCycle = 'yearly' | 'monthly';

export type TPriceLike = {
  amount: number;
  currency: string;
  interval: 'day' | 'month' | 'year';
  interval_count: number;
};

const isMonthly = (price: TPriceLike) =>
  (price.interval === 'day' && price.interval_count >= 30) ||
  (price.interval === 'month' && price.interval_count >= 1);

const isYearly = (price: TPriceLike) =>
  (price.interval === 'month' && price.interval_count >= 12) ||
  (price.interval === 'year' && price.interval_count >= 1);

/** Monthly: the first of at least 30 days or 1 month; yearly: at least 12 months or 1 year; else the first. */
export function pickPrice<T extends TPriceLike>(cycle: TPricingCycle, prices: readonly T[]): T | undefined {
  const match = prices.find(cycle === 'monthly' ? isMonthly : isYearly);
  return match ?? prices[0];
}

/**
 * Spec 9: the largest round((12 x monthly - yearly) / (12 x monthly) x 100) across the plans,
 * each counted only when above 0 and at most 200; 0 when none counts (no badge).
 */
export function highestSavingsPercentage(products: readonly { prices: readonly TPriceLike[] }[]): number {
  let best = 0;
  for (const { prices } of products) {
    const monthly = pickPrice('monthly', prices);
    const yearly = pickPrice('yearly', prices);
    if (!monthly || !yearly) continue;
    const perYear = monthly.amount * 12;
    if (perYear <= 0) continue;
    const percentage = Math.round(((perYear - yearly.amount) / perYear) * 100);
    if (percentage > 0 && percentage <= 200 && percentage > best) best = percentage;
  }
  return best;
}

/** Digits of the currency's minor unit (USD 2, JPY 0); 2 for a code Intl does not know. */
export function minorUnitDigits(currency: string): number {
  try {
    return numberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** Spec 9: the displayed price is amount / interval_count, per one interval unit. */
export function displayAmount(price: TPriceLike): number {
  return price.amount / Math.max(1, price.interval_count);
}

/** "$6.33" for 7600 USD cents over 12 months; whole amounts lose their ".00". */
export function formatMinorAmount(amount: number, currency: string, locale = 'en'): string {
  const digits = minorUnitDigits(currency);
  const major = amount / 10 ** digits;
  const isWhole = Math.round(amount) % 10 ** digits === 0;
  try {
    return numberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: isWhole ? 0 : digits,
      maximumFractionDigits: digits,
    }).format(major);
  } catch {
    return `${major.toFixed(digits)} ${currency}`;
  }
}

/** An amount in major units as plain digits for a file (CSV): 467 USD -> "4.67", 467 JPY -> "467". */
export function majorAmountDigits(amount: number, currency: string): string {
  const digits = minorUnitDigits(currency);
  return (amount / 10 ** digits).toFixed(digits);
}

/**
 * A ledger amount (payouts, earnings): 1234 USD cents -> "$12.34", 1234 JPY -> "¥1,234", always
 * with the currency's minor digits so a column lines up. `locale` undefined is the reader's own.
 */
export function formatLedgerAmount(amount: number, currency: string, locale?: string): string {
  try {
    return numberFormat(locale, { style: 'currency', currency }).format(
      amount / 10 ** minorUnitDigits(currency),
    );
  } catch {
    return `${majorAmountDigits(amount, currency)} ${currency}`;
  }
}

export function formatDisplayPrice(price: TPriceLike, locale = 'en'): string {
  return formatMinorAmount(displayAmount(price), price.currency, locale);
}
