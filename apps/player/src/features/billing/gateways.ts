import type { TClientSettings } from '@cadence/contracts/settings';

type TBillingSettings = { stripe?: { enable?: boolean }; paypal?: { enable?: boolean } };

/** The payment providers switched on in settings (`billing.stripe.enable`, `billing.paypal.enable`). */
export function enabledGateways(settings: TClientSettings): { stripe: boolean; paypal: boolean } {
  const billing = settings.billing as TClientSettings['billing'] & TBillingSettings;
  return { stripe: Boolean(billing.stripe?.enable), paypal: Boolean(billing.paypal?.enable) };
}
