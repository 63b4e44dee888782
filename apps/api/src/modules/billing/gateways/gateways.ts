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

  return async function gateways(): Promise<Gateways> {
    const [stripeOn, paypalOn, stripeSecret, webhookSecret, clientId, paypalSecret, webhookId, testMode] =
      await Promise.all([
        settings.get('billing.stripe.enable'),
        settings.get('billing.paypal.enable'),
        settings.get('stripe_secret'),
        settings.get('stripe_webhook_secret'),
        settings.get('paypal_client_id'),
        settings.get('paypal_secret'),
        settings.get('paypal_webhook_id'),
        settings.get('billing.paypal_test_mode'),
      ]);
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
    return {
      stripe:
        stripeOn && stripeSecret
          ? cached(`stripe:${JSON.stringify(stripeConfig)}`, () => createStripeGateway(stripeConfig))
          : null,
      paypal:
        paypalOn && clientId && paypalSecret
          ? cached(`paypal:${JSON.stringify(paypalConfig)}`, () => createPaypalGateway(paypalConfig))
          : null,
    };
  };
}

export type GatewayRegistry = ReturnType<typeof createGatewayRegistry>;
