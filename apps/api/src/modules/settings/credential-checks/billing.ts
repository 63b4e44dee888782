import type { Env } from '../../../env';
import { AppError } from '../../../platform/http/app-error';
import { GatewayError } from '../../billing/gateways/gateway-types';
import { createPaypalGateway, paypalApiBase } from '../../billing/gateways/paypal-gateway';
import { createStripeClient } from '../../billing/gateways/stripe-gateway';
import { COULD_NOT_PERSIST, type NextValue, refuse, textOf } from './refuse';

/** Switches: turning one on (with its provider on) checks that provider's stored keys too. */
const SWITCHES = ['billing.enable', 'billing.stripe.enable', 'billing.paypal.enable'];

export const billingKeys: ReadonlySet<string> = new Set([
  ...SWITCHES,
  'stripe_key',
  'stripe_secret',
  'stripe_webhook_secret',
  'paypal_client_id',
  'paypal_secret',
  'paypal_webhook_id',
]);

const PREFIXES: [key: string, pattern: RegExp, message: string][] = [
  ['stripe_key', /^pk_(test|live)_\w+$/, 'A Stripe publishable key starts with pk_test_ or pk_live_.'],
  [
    'stripe_secret',
    /^(sk|rk)_(test|live)_\w+$/,
    'A Stripe secret key starts with sk_ (or rk_ for a restricted key).',
  ],
  ['stripe_webhook_secret', /^whsec_\w+$/, 'A Stripe webhook signing secret starts with whsec_.'],
];

async function checkStripe(secret: string, env: Env): Promise<void> {
  const stripe = createStripeClient({ secret, webhookSecret: '', apiBase: env.STRIPE_API_BASE });
  try {
    // The cheapest authenticated read: any valid key (secret or restricted) may read its balance.
    await stripe.balance.retrieve(undefined, { maxNetworkRetries: 0, timeout: 10_000 });
  } catch (error) {
    const failure = error as { type?: string; statusCode?: number };
    if (failure.type === 'StripeAuthenticationError' || failure.statusCode === 401)
      refuse('billing', 'stripe_secret', 'The Stripe credentials were refused: check the secret key.');
    if (failure.type === 'StripePermissionError' || failure.statusCode === 403) return;
    refuse('billing', 'stripe_secret', 'Could not reach Stripe to check this secret key. Try again later.');
  }
}

async function checkPaypal(next: NextValue, changed: ReadonlySet<string>, env: Env): Promise<void> {
  const clientId = textOf(next('paypal_client_id'));
  const secret = textOf(next('paypal_secret'));
  if (!clientId && !secret) return;
  if (!clientId)
    refuse('billing', 'paypal_client_id', 'Enter the PayPal client id that goes with this secret.');
  if (!secret) refuse('billing', 'paypal_secret', 'Enter the PayPal secret that goes with this client id.');
  const gateway = createPaypalGateway({
    clientId,
    secret,
    webhookId: '',
    apiBase: paypalApiBase(env.PAYPAL_API_BASE, next('billing.paypal_test_mode') !== false),
  });
  try {
    await gateway.checkCredentials();
  } catch (error) {
    const field = changed.has('paypal_secret') ? 'paypal_secret' : 'paypal_client_id';
    if (error instanceof GatewayError && error.status !== undefined)
      refuse('billing', field, 'The PayPal credentials were refused: check the client id and secret.');
    refuse('billing', field, 'Could not reach PayPal to check this client id and secret. Try again later.');
  }
}

/** The keys a provider cannot take payments (or hear of them) without, with their labels. */
const REQUIRED = {
  stripe: [
    ['stripe_secret', 'secret key'],
    ['stripe_webhook_secret', 'webhook signing secret'],
  ],
  paypal: [
    ['paypal_client_id', 'client id'],
    ['paypal_secret', 'secret'],
    ['paypal_webhook_id', 'webhook id'],
  ],
} as const;

/** Refuses switching a provider on while keys it needs are empty, naming each at its field. */
function requireKeys(provider: 'stripe' | 'paypal', next: NextValue): void {
  const missing = REQUIRED[provider].filter(([key]) => !textOf(next(key)));
  if (missing.length === 0) return;
  const name = provider === 'stripe' ? 'Stripe' : 'PayPal';
  const labels = missing.map(([, label]) => label as string);
  const list = labels.length > 1 ? `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}` : labels[0];
  const summary = `${name} cannot be enabled without its ${list}.`;
  const errors: Record<string, string> = { billing_group: summary, [`billing.${provider}.enable`]: summary };
  for (const [key, label] of missing) errors[key] = `Enter the ${name} ${label} to enable ${name}.`;
  throw new AppError('validation', COULD_NOT_PERSIST, errors);
}

/** A provider being switched on (or billing with it): its keys must be there and work. */
function isTurnedOn(provider: 'stripe' | 'paypal', next: NextValue, changed: ReadonlySet<string>): boolean {
  if (next(`billing.${provider}.enable`) !== true) return false;
  return changed.has(`billing.${provider}.enable`) || changed.has('billing.enable');
}

/**
 * New payment credentials: each key of the right kind, the Stripe secret key tried with a read
 * through Stripe's SDK, the PayPal app's id and secret tried by PayPal's OAuth token call. A
 * provider switched on must have its keys (422 naming the missing ones), and they are tried then.
 */
export async function checkBillingSettings(
  next: NextValue,
  changed: ReadonlySet<string>,
  env: Env,
): Promise<void> {
  for (const [key, pattern, message] of PREFIXES) {
    const value = textOf(next(key));
    if (changed.has(key) && value && !pattern.test(value)) refuse('billing', key, message);
  }
  const isStripeOn = isTurnedOn('stripe', next, changed);
  const isPaypalOn = isTurnedOn('paypal', next, changed);
  if (isStripeOn) requireKeys('stripe', next);
  if (isPaypalOn) requireKeys('paypal', next);
  const stripeSecret = textOf(next('stripe_secret'));
  if ((changed.has('stripe_secret') || isStripeOn) && stripeSecret) await checkStripe(stripeSecret, env);
  if (changed.has('paypal_client_id') || changed.has('paypal_secret') || isPaypalOn)
    await checkPaypal(next, changed, env);
}
