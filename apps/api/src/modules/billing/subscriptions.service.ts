import type { TBillingOverview, TPlanChangePreview, TSubscription } from '@cadence/contracts/billing';
import { GENERIC_ERROR_MESSAGE } from '@cadence/contracts/error-messages';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { AppError, validationError } from '../../platform/http/app-error';
import { toInvoiceDto, toPriceDto } from './billing-dto';
import { GatewayError } from './gateways/gateway-types';
import type { GatewayRegistry } from './gateways/gateways';
import { findPrice, findProduct } from './plans.repository';
import { describeSubscription, keepProviderAnswer, providerOf, viaProvider } from './subscription-provider';
import {
  findCustomer,
  findInvoice,
  findLatestSubscription,
  findValidSubscription,
  invoicesOfUser,
  updateSubscription,
} from './subscriptions.repository';

type Deps = { db: Kysely<Database>; gateways: GatewayRegistry; playerUrl: string };

/** The listener's own subscription (/billing): cancel, renew, change plan or card, read invoices. */
export function createSubscriptionsService(deps: Deps) {
  return { ...ownSubscription(deps), ...planChanges(deps), ...paymentMethodChanges(deps) };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;

async function requireOwn(db: Kysely<Database>, userId: number, options: { isValid: boolean }) {
  const row = options.isValid
    ? await findValidSubscription(db, userId)
    : await findLatestSubscription(db, userId);
  if (!row) throw new AppError('not_found', 'You have no subscription.');
  return row;
}

/** What /billing shows, cancelling and renewing at the period's end, and one invoice. */
function ownSubscription({ db, gateways }: Deps) {
  return {
    async overview(userId: number): Promise<TBillingOverview> {
      const row = await findLatestSubscription(db, userId);
      if (!row) return { subscription: null, payment_method: null, invoices: [] };
      let paymentMethod: TBillingOverview['payment_method'] = null;
      if (row.gateway_name === 'paypal') paymentMethod = { brand: 'paypal', last4: null };
      if (row.gateway_name === 'stripe' && row.gateway_id) {
        const stripe = (await gateways()).stripe;
        // The card is shown when Stripe answers; /billing still opens when it does not.
        paymentMethod = stripe ? await stripe.paymentMethod(row.gateway_id).catch(() => null) : null;
      }
      const invoices = await invoicesOfUser(db, userId);
      return {
        subscription: await describeSubscription(db, row),
        payment_method: paymentMethod,
        invoices: invoices.map(toInvoiceDto),
      };
    },

    async cancel(userId: number): Promise<TSubscription> {
      const row = await requireOwn(db, userId, { isValid: true });
      const gateway = await providerOf(gateways, row.gateway_name);
      if (!gateway) {
        const ends = row.renews_at ?? new Date();
        return describeSubscription(
          db,
          await updateSubscription(db, row.id, {
            ends_at: ends,
            renews_at: null,
            updated_at: new Date(),
          }),
        );
      }
      const remote = await viaProvider(() => gateway.setCancelAtPeriodEnd(row.gateway_id as string, true));
      return describeSubscription(db, await keepProviderAnswer(db, row, remote));
    },

    async renew(userId: number): Promise<TSubscription> {
      const row = await requireOwn(db, userId, { isValid: true });
      if (!row.ends_at) return describeSubscription(db, row);
      const gateway = await providerOf(gateways, row.gateway_name);
      if (!gateway)
        return describeSubscription(
          db,
          await updateSubscription(db, row.id, { ends_at: null, updated_at: new Date() }),
        );
      const remote = await viaProvider(() => gateway.setCancelAtPeriodEnd(row.gateway_id as string, false));
      return describeSubscription(db, await keepProviderAnswer(db, row, remote));
    },

    async invoice(userId: number, uuid: string, canViewAll: boolean) {
      const invoice = await findInvoice(db, uuid);
      if (!invoice || (invoice.user_id !== userId && !canViewAll)) throw new AppError('not_found');
      return { invoice: toInvoiceDto(invoice), plan: invoice.product_name };
    },
  };
}

/** A change of plan: its preview (what is due now) and the change itself (Stripe prorates). */
function planChanges({ db, gateways }: Deps) {
  async function planChangeTarget(userId: number, productId: number, priceId: number) {
    const row = await requireOwn(db, userId, { isValid: true });
    const [product, price] = await Promise.all([findProduct(db, productId), findPrice(db, priceId)]);
    if (!product || product.hidden) throw new AppError('not_found');
    if (!price || price.product_id !== product.id || price.archived)
      throw validationError({ price_id: ['This price is not available for this plan.'] });
    if (row.price_id === price.id)
      throw validationError({ price_id: ['You are already subscribed to this price.'] });
    return { row, product, price };
  }

  return {
    planChangeTarget,
    async previewChange(userId: number, productId: number, priceId: number): Promise<TPlanChangePreview> {
      const { row, product, price } = await planChangeTarget(userId, productId, priceId);
      const [current, currentPrice] = await Promise.all([
        findProduct(db, row.product_id),
        row.price_id ? findPrice(db, row.price_id) : undefined,
      ]);
      let amountDue = price.amount;
      if (row.gateway_name === 'stripe') {
        const stripe = await providerOf(gateways, 'stripe');
        if (stripe?.name !== 'stripe' || !price.stripe_id)
          throw new AppError('unavailable', GENERIC_ERROR_MESSAGE);
        amountDue = (
          await viaProvider(() => stripe.previewChange(row.gateway_id as string, price.stripe_id as string))
        ).amountDue;
      }
      return {
        amount_due: amountDue,
        currency: price.currency,
        from: { product: current?.name ?? '', price: currentPrice ? toPriceDto(currentPrice) : null },
        to: { product: product.name, price: toPriceDto(price) },
      };
    },

    async changePlan(userId: number, productId: number, priceId: number): Promise<TSubscription> {
      const { row, price } = await planChangeTarget(userId, productId, priceId);
      if (row.gateway_name === 'none')
        return describeSubscription(
          db,
          await updateSubscription(db, row.id, {
            product_id: price.product_id,
            price_id: price.id,
            updated_at: new Date(),
          }),
        );
      if (row.gateway_name !== 'stripe')
        throw validationError({
          price_id: ['A PayPal subscription changes plan by cancelling and subscribing again.'],
        });
      const stripe = await providerOf(gateways, 'stripe');
      if (stripe?.name !== 'stripe' || !price.stripe_id)
        throw new AppError('unavailable', GENERIC_ERROR_MESSAGE);
      const remote = await viaProvider(() =>
        stripe.changePrice(row.gateway_id as string, price.stripe_id as string),
      );
      return describeSubscription(db, await keepProviderAnswer(db, row, remote));
    },
  };
}

/** A new card for a Stripe subscription, through Stripe's hosted setup page. */
function paymentMethodChanges(deps: Deps) {
  const { db, gateways, playerUrl } = deps;
  return {
    async startPaymentMethodChange(userId: number): Promise<{ url: string }> {
      const row = await requireOwn(db, userId, { isValid: true });
      const customer = await findCustomer(db, userId, 'stripe');
      if (row.gateway_name !== 'stripe' || !customer)
        throw validationError({
          gateway: ['The payment method of this subscription is managed at its provider.'],
        });
      const stripe = await providerOf(gateways, 'stripe');
      if (stripe?.name !== 'stripe') throw new AppError('unavailable', GENERIC_ERROR_MESSAGE);
      return viaProvider(() =>
        stripe.startPaymentMethodSetup({
          customerId: customer.customer_id,
          successUrl: `${playerUrl}/billing/change-payment-method/done?session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${playerUrl}/billing/change-payment-method`,
        }),
      );
    },

    /** The done page's session must be this user's completed setup session: the query is not trusted. */
    async finishPaymentMethodChange(userId: number, sessionId: string) {
      const row = await requireOwn(db, userId, { isValid: true });
      const customer = await findCustomer(db, userId, 'stripe');
      const stripe = await providerOf(gateways, 'stripe');
      if (!customer || !stripe || stripe.name !== 'stripe') throw new AppError('not_found');
      const isAdopted = await stripe
        .adoptPaymentMethod(
          sessionId,
          customer.customer_id,
          row.gateway_name === 'stripe' ? row.gateway_id : null,
        )
        .catch((error: unknown) => {
          if (error instanceof GatewayError && error.isNotFound) return false;
          throw error instanceof GatewayError ? new AppError('unavailable', GENERIC_ERROR_MESSAGE) : error;
        });
      if (!isAdopted) throw new AppError('not_found', 'This session does not belong to you.');
      return ownSubscription(deps).overview(userId);
    },
  };
}
