import type { Env } from '../../../env';
import type { SettingsService } from '../../settings/settings.service';
import { createPaypalGateway, type PaypalGateway, paypalApiBase } from './paypal-gateway';
import { createStripeGateway, type StripeGateway } from './stripe-gateway';

export type Gateways = {
  stripe: StripeGateway | null;
  paypal: PaypalGateway | null;
};

/**
 * The providers switched on in settings and given credentials. Built per call from the
 * settings (cached), so an admin's change applies without a restart; clients are reused
 * while their configuration stays the same.
 */
export function createGatewayRegistry(deps: { settings: SettingsService; env: Env }) {
  const { settings, env } = deps;
  const cache = new Map<string, StripeGateway | PaypalGateway>();

  function cached<T extends StripeGateway | PaypalGateway>(key: string, build: () => T): T {
    const found = cache.get(key);
    if (found) return found as T;
    const made = build();
    cache.set(key, made);
    return made;
  }

  const KEYS = [
    'billing.stripe.enable',
    'billing.paypal.enable',
    'stripe_secret',
    'stripe_webhook_secret',
    'paypal_client_id',
    'paypal_secret',
    'paypal_webhook_id',
    'billing.paypal_test_mode',
  ] as const;
  /** The last answer and the settings it was built from: most calls find the same values. */
  let last: { values: unknown[]; gateways: Gateways } | null = null;

  return async function gateways(): Promise<Gateways> {
    const read = await settings.getMany(KEYS);
    const values = KEYS.map((key) => read[key]);
    if (last && values.every((value, index) => value === last?.values[index])) return last.gateways;
    const [stripeOn, paypalOn, stripeSecret, webhookSecret, clientId, paypalSecret, webhookId, testMode] =
      values;
    const paypalBase = paypalApiBase(env.PAYPAL_API_BASE, Boolean(testMode));
    const stripeConfig = {
      secret: String(stripeSecret),
      webhookSecret: String(webhookSecret),
      apiBase: env.STRIPE_API_BASE,
    };
    const paypalConfig = {
      clientId: String(clientId),
      secret: String(paypalSecret),
      webhookId: String(webhookId),
      apiBase: paypalBase,
    };
    const built: Gateways = {
      stripe:
        stripeOn && stripeSecret
          ? cached(`stripe:${JSON.stringify(stripeConfig)}`, () => createStripeGateway(stripeConfig))
          : null,
      paypal:
        paypalOn && clientId && paypalSecret
          ? cached(`paypal:${JSON.stringify(paypalConfig)}`, () => createPaypalGateway(paypalConfig))
          : null,
    };
    last = { values, gateways: built };
    return built;
  };
}

export type GatewayRegistry = ReturnType<typeof createGatewayRegistry>;
