import type { TClientSettings } from '@cadence/contracts/settings';

type TBillingSettings = { stripe?: { enable?: boolean }; paypal?: { enable?: boolean } };

/** The payment providers switched on in settings (`billing.stripe.enable`, `billing.paypal.enable`). */
export function enabledGateways(settings: TClientSettings): { stripe: boolean; paypal: boolean } {
  const billing = settings.billing as TClientSettings['billing'] & TBillingSettings;
  return { stripe: Boolean(billing.stripe?.enable), paypal: Boolean(billing.paypal?.enable) };
}

/**
 * The providers a buyer may pick for this price: switched on in settings and, by the api's
 * word, given keys and knowing the price. A method that cannot complete is never offered.
 */
export function payableGateways(
  settings: TClientSettings,
  price: { gateways?: readonly string[] },
): { stripe: boolean; paypal: boolean } {
  const enabled = enabledGateways(settings);
  const known = new Set(price.gateways ?? []);
  return { stripe: enabled.stripe && known.has('stripe'), paypal: enabled.paypal && known.has('paypal') };
}
