import type { TSubscription } from '@cadence/contracts/billing';
import { GENERIC_ERROR_MESSAGE } from '@cadence/contracts/error-messages';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { AppError, validationError } from '../../platform/http/app-error';
import { applyProviderState } from './apply-provider-state';
import { GatewayError } from './gateways/gateway-types';
import type { GatewayRegistry } from './gateways/gateways';
import { findPrice, findProduct } from './plans.repository';
import { describeSubscription, viaProvider } from './subscription-provider';
import { findCustomer, findValidSubscription, saveCustomer } from './subscriptions.repository';

type Deps = {
  db: Kysely<Database>;
  gateways: GatewayRegistry;
  playerUrl: string;
};
type Buyer = { id: number; email: string; name: string };

/** A second attempt within this window reuses the first provider session (double clicks). */
const IDEMPOTENCY_WINDOW_MS = 10 * 60_000;

/** Subscribed users are sent to /billing (spec 2.8): the 409 carries where to go. */
export class AlreadySubscribedError extends AppError {
  constructor() {
    super('conflict', 'You are already subscribed.');
  }
}
/** Checkout (spec 2.8): the hosted pages of each provider, and the done pages checked with them. */
export function createCheckoutService(deps: Deps) {
  return { ...checkoutStarts(deps), ...checkoutConfirmations(deps) };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;

/** Spec 2.8 purchase rules: a visible paid plan, a live price of that very plan. */
async function purchasable(db: Kysely<Database>, productId: number, priceId: number) {
  const [product, price] = await Promise.all([findProduct(db, productId), findPrice(db, priceId)]);
  if (!product || product.hidden) throw new AppError('not_found', 'This plan is not available.');
  if (!price || price.product_id !== product.id)
    throw validationError({ price_id: ['This price is not available for this plan.'] });
  if (price.archived) throw validationError({ price_id: ['This price is no longer offered.'] });
  if (product.free) throw validationError({ product_id: ['The free plan needs no checkout.'] });
  return { product, price };
}

async function assertNotSubscribed(db: Kysely<Database>, userId: number) {
  if (await findValidSubscription(db, userId)) throw new AlreadySubscribedError();
}

/** Sends the buyer to the provider's hosted page, once per double click (an idempotency window). */
function checkoutStarts({ db, gateways, playerUrl }: Deps) {
  const doneUrl = (gateway: string, productId: number, priceId: number) =>
    `${playerUrl}/checkout/${productId}/${priceId}/${gateway}/done`;
  const windowKey = (user: Buyer, priceId: number, gateway: string) =>
    `cadence-checkout-${gateway}-${user.id}-${priceId}-${Math.floor(Date.now() / IDEMPOTENCY_WINDOW_MS)}`;

  async function stripeCustomer(user: Buyer) {
    const found = await findCustomer(db, user.id, 'stripe');
    if (found) return found.customer_id;
    const stripe = (await gateways()).stripe;
    if (!stripe) throw new AppError('unavailable', GENERIC_ERROR_MESSAGE);
    const id = await viaProvider(() => stripe.createCustomer(user));
    await saveCustomer(db, user.id, 'stripe', id);
    return (await findCustomer(db, user.id, 'stripe'))?.customer_id ?? id;
  }

  return {
    async startStripe(user: Buyer, productId: number, priceId: number): Promise<{ url: string }> {
      await assertNotSubscribed(db, user.id);
      const { price } = await purchasable(db, productId, priceId);
      const stripe = (await gateways()).stripe;
      if (!stripe || !price.stripe_id)
        throw validationError({ gateway: ['Card payments are not available.'] });
      const customerId = await stripeCustomer(user);
      const session = await viaProvider(() =>
        stripe.startCheckout({
          customerId,
          userId: user.id,
          priceGatewayId: price.stripe_id as string,
          successUrl: `${doneUrl('stripe', productId, priceId)}?session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${playerUrl}/checkout/${productId}/${priceId}`,
          idempotencyKey: windowKey(user, priceId, 'stripe'),
        }),
      );
      return { url: session.url };
    },

    async startPaypal(user: Buyer, productId: number, priceId: number): Promise<{ url: string }> {
      await assertNotSubscribed(db, user.id);
      const { price } = await purchasable(db, productId, priceId);
      const paypal = (await gateways()).paypal;
      if (!paypal || !price.paypal_id) throw validationError({ gateway: ['PayPal is not available.'] });
      const started = await viaProvider(() =>
        paypal.startCheckout({
          userId: user.id,
          planGatewayId: price.paypal_id as string,
          returnUrl: doneUrl('paypal', productId, priceId),
          cancelUrl: `${playerUrl}/checkout/${productId}/${priceId}`,
          idempotencyKey: windowKey(user, priceId, 'paypal'),
        }),
      );
      return { url: started.url };
    },
  };
}

/** The done pages: the purchase checked with the provider, then settled here. */
function checkoutConfirmations({ db, gateways }: Deps) {
  /** After a confirmed purchase: a second subscription (two tabs, two sessions) is cancelled at once. */
  async function settle(
    gateway: 'stripe' | 'paypal',
    gatewayId: string,
    userId: number,
  ): Promise<TSubscription> {
    const provider = (await gateways())[gateway];
    if (!provider) throw new AppError('unavailable', GENERIC_ERROR_MESSAGE);
    const remote = await viaProvider(() => provider.fetchSubscription(gatewayId));
    const { row, outcome } = await applyProviderState(db, gateway, remote, { userId });
    if (outcome === 'duplicate') await viaProvider(() => provider.cancelNow(gatewayId));
    if (!row) throw new AppError('not_found', 'This payment was not completed.');
    return describeSubscription(db, row);
  }

  const refuseUnknown = (error: unknown): never => {
    if (error instanceof GatewayError && error.isNotFound)
      throw new AppError('not_found', 'This checkout session was not found.');
    if (error instanceof GatewayError) throw new AppError('unavailable', GENERIC_ERROR_MESSAGE);
    throw error;
  };

  return {
    /** The done page's session id is checked with Stripe: complete, this user's, this price. */
    async confirmStripe(user: Buyer, input: { product_id: number; price_id: number; session_id: string }) {
      const { price } = await purchasable(db, input.product_id, input.price_id).catch(async (error) => {
        // An archived or hidden price someone has just paid is still theirs: check with the provider first.
        if (error instanceof AppError) return { price: await findPrice(db, input.price_id) };
        throw error;
      });
      const stripe = (await gateways()).stripe;
      const customer = await findCustomer(db, user.id, 'stripe');
      if (!stripe || !customer || !price)
        throw new AppError('not_found', 'This checkout session was not found.');
      const session = await stripe.retrieveSession(input.session_id).catch(refuseUnknown);
      const sessionCustomer = typeof session.customer === 'string' ? session.customer : session.customer?.id;
      const subscriptionId =
        typeof session.subscription === 'string' ? session.subscription : (session.subscription?.id ?? null);
      if (
        session.mode !== 'subscription' ||
        session.client_reference_id !== String(user.id) ||
        sessionCustomer !== customer.customer_id ||
        !subscriptionId
      )
        throw new AppError('not_found', 'This checkout session was not found.');
      if (session.status !== 'complete') throw new AppError('not_found', 'This payment was not completed.');
      const subscription = await settle('stripe', subscriptionId, user.id);
      if (subscription.price_id !== price.id)
        throw new AppError('not_found', 'This checkout session was not found.');
      return subscription;
    },

    /** The done page's subscription id is checked with PayPal: active, opened for this user. */
    async confirmPaypal(
      user: Buyer,
      input: { product_id: number; price_id: number; subscription_id: string },
    ) {
      const paypal = (await gateways()).paypal;
      if (!paypal) throw new AppError('not_found', 'This checkout session was not found.');
      const remote = await paypal.fetchSubscription(input.subscription_id).catch(refuseUnknown);
      const price = await findPrice(db, input.price_id);
      if (remote.userId !== user.id || !price || remote.priceGatewayId !== price.paypal_id)
        throw new AppError('not_found', 'This checkout session was not found.');
      return settle('paypal', remote.gatewayId, user.id);
    },
  };
}
