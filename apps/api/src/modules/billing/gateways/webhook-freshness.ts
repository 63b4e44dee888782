/**
 * How far a webhook's signed time may lie from our clock, before or after it (Stripe's own
 * tolerance, applied both ways): a replayed capture or a forged clock is refused before storing.
 */
export const FRESHNESS_MS = 5 * 60_000;

export const NOT_FRESH_MESSAGE =
  'The webhook event was signed more than 5 minutes before or after now: it is refused.';

/** True when `signedAt` (ms since the epoch) lies within FRESHNESS_MS of `now`, either side. */
export function isFresh(signedAt: number, now = Date.now()): boolean {
  return Number.isFinite(signedAt) && Math.abs(now - signedAt) <= FRESHNESS_MS;
}

/** The `t=` of a `Stripe-Signature` header in ms (null: none, the signature check refuses it). */
export function stripeSignedAt(header: string): number | null {
  const part = header.split(',').find((item) => item.trim().startsWith('t='));
  if (!part) return null;
  const seconds = Number(part.trim().slice(2));
  return Number.isFinite(seconds) ? seconds * 1000 : Number.NaN;
}

/** PayPal's `paypal-transmission-time` in ms (null: missing, the signature check refuses it). */
export function paypalSignedAt(header: string | undefined): number | null {
  if (!header) return null;
  return Date.parse(header);
}
