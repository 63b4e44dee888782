import type Stripe from 'stripe';
import { lazyRequire } from '../../../platform/lazy-require';
import {
  type EventPlan,
  idOf,
  type PlanForSync,
  type PlanSyncResult,
  type ProviderSubscription,
  type VerifiedEvent,
  WebhookRefusedError,
} from './gateway-types';
import { stripeCall as call } from './stripe-call';
import { stripeHostedPages } from './stripe-hosted-pages';
import { isFresh, NOT_FRESH_MESSAGE, stripeSignedAt } from './webhook-freshness';

/** Stripe's SDK (about 10 MiB) loads when a site first talks to Stripe, not at every start. */
const StripeSdk = lazyRequire<typeof Stripe>('stripe');

export type StripeConfig = { secret: string; webhookSecret: string; apiBase: string | undefined };

const toDate = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/** Stripe's own SDK with a configurable base url: production code is the code under test. */
export function createStripeClient(config: StripeConfig): Stripe {
  const base = config.apiBase ? new URL(config.apiBase) : null;
  return new (StripeSdk())(config.secret, {
    ...(base && {
      host: base.hostname,
      port: Number(base.port || (base.protocol === 'http:' ? 80 : 443)),
      protocol: base.protocol === 'http:' ? 'http' : 'https',
    }),
    maxNetworkRetries: 1,
    timeout: 15_000,
    telemetry: false,
  });
}

export function toProviderSubscription(subscription: Stripe.Subscription): ProviderSubscription {
  const item = subscription.items.data[0];
  const periodEnd = toDate(item?.current_period_end);
  const isCanceled = subscription.status === 'canceled' || subscription.status === 'incomplete_expired';
  const customer = subscription.customer;
  const userId = Number(subscription.metadata?.user_id);
  return {
    gatewayId: subscription.id,
    status: subscription.status,
    priceGatewayId: item?.price?.id ?? null,
    renewsAt: isCanceled || subscription.cancel_at_period_end ? null : periodEnd,
    endsAt: isCanceled
      ? (toDate(subscription.ended_at) ?? new Date())
      : subscription.cancel_at_period_end
        ? periodEnd
        : null,
    userId: Number.isInteger(userId) && userId > 0 ? userId : null,
    customerId: typeof customer === 'string' ? customer : (customer?.id ?? null),
  };
}

type Json = Record<string, unknown>;
const isInvoiceEvent = (type: string) => type === 'invoice.paid' || type === 'invoice.payment_failed';

/** The provider subscription a Stripe event is about (null: none, nothing to apply). */
export function stripeEventSubject(event: Stripe.Event): string | null {
  const object = event.data.object as unknown as Json;
  if (event.type === 'checkout.session.completed')
    return object.mode === 'subscription' ? idOf(object.subscription) : null;
  if (event.type.startsWith('customer.subscription.')) return idOf(object.id);
  if (!isInvoiceEvent(event.type)) return null;
  const invoice = object as unknown as Stripe.Invoice;
  return invoice.id ? idOf(invoice.parent?.subscription_details?.subscription) : null;
}

/**
 * What a stored Stripe event asks of the webhook job. An invoice needs its subscription row, not
 * a fresh state: every state change also comes as a customer.subscription.* event, which reads the
 * provider. Only a first sighting (an invoice ahead of its subscription's events) asks the provider.
 */
export function stripeEventPlan(event: Stripe.Event): EventPlan {
  const object = event.data.object as unknown as Json;
  if (event.type === 'checkout.session.completed') {
    const userId = Number(object.client_reference_id);
    return { needsState: true, ...(Number.isInteger(userId) ? { userId } : {}) };
  }
  if (event.type.startsWith('customer.subscription.')) return { needsState: true };
  if (!isInvoiceEvent(event.type)) return { needsState: false };
  const invoice = object as unknown as Stripe.Invoice;
  const line = invoice.lines?.data?.[0];
  const paid = event.type === 'invoice.paid';
  return {
    needsState: false,
    invoice: {
      gatewayId: String(invoice.id),
      amount: paid ? invoice.amount_paid : invoice.amount_due,
      currency: invoice.currency,
      paid,
      periodStart: toDate(line?.period?.start ?? invoice.period_start),
      periodEnd: toDate(line?.period?.end ?? invoice.period_end),
    },
  };
}
export function createStripeGateway(config: StripeConfig) {
  const stripe = createStripeClient(config);
  return {
    name: 'stripe' as const,
    client: stripe,
    ...stripeCatalogue(stripe),
    ...stripeSubscriptions(stripe),
    ...stripeHostedPages(stripe),

    /** Stripe's signature scheme, its `t=` within 5 minutes of now either way; throws WebhookRefusedError. */
    verifyEvent(rawBody: string, signature: string): VerifiedEvent {
      const signedAt = stripeSignedAt(signature);
      if (signedAt !== null && !isFresh(signedAt)) throw new WebhookRefusedError(NOT_FRESH_MESSAGE);
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret, 300);
      } catch {
        throw new WebhookRefusedError();
      }
      return { id: event.id, type: event.type, subject: stripeEventSubject(event) };
    },
  };
}

export type StripeGateway = ReturnType<typeof createStripeGateway>;

/** Plans and customers: what a checkout needs at Stripe first. */
function stripeCatalogue(stripe: Stripe) {
  return {
    /** Creates or updates the product; a price's amount never changes at Stripe, so new amounts are new prices. */
    async syncPlan(plan: PlanForSync): Promise<PlanSyncResult> {
      const { product } = plan;
      const fields = {
        name: product.name,
        description: product.description || undefined,
        metadata: { cadence_id: String(product.id) },
      };
      const remote = product.gatewayId
        ? await call('product update', () => stripe.products.update(product.gatewayId as string, fields))
        : await call('product create', () => stripe.products.create(fields));
      const prices = [];
      for (const price of plan.prices) {
        let gatewayId = price.gatewayId;
        if (!gatewayId && !price.archived) {
          const created = await call('price create', () =>
            stripe.prices.create({
              product: remote.id,
              unit_amount: price.amount,
              currency: price.currency.toLowerCase(),
              recurring: { interval: price.interval, interval_count: price.interval_count },
              metadata: { cadence_id: String(price.id) },
            }),
          );
          gatewayId = created.id;
        } else if (gatewayId && price.archived) {
          await call('price archive', () => stripe.prices.update(gatewayId as string, { active: false }));
        }
        prices.push({ id: price.id, gatewayId });
      }
      return { productGatewayId: remote.id, prices };
    },

    async createCustomer(user: { id: number; email: string; name: string }): Promise<string> {
      const customer = await call('customer create', () =>
        stripe.customers.create({
          email: user.email,
          name: user.name,
          metadata: { user_id: String(user.id) },
        }),
      );
      return customer.id;
    },
  };
}

/** A subscription read, changed or cancelled at Stripe, always answered as Stripe now holds it. */
function stripeSubscriptions(stripe: Stripe) {
  const read = (id: string) => call('subscription read', () => stripe.subscriptions.retrieve(id));
  return {
    async fetchSubscription(id: string): Promise<ProviderSubscription> {
      return toProviderSubscription(await read(id));
    },

    async setCancelAtPeriodEnd(id: string, cancel: boolean): Promise<ProviderSubscription> {
      return toProviderSubscription(
        await call('subscription update', () =>
          stripe.subscriptions.update(id, { cancel_at_period_end: cancel }),
        ),
      );
    },

    async cancelNow(id: string): Promise<ProviderSubscription> {
      return toProviderSubscription(await call('subscription cancel', () => stripe.subscriptions.cancel(id)));
    },

    async previewChange(subscriptionId: string, priceGatewayId: string) {
      const subscription = await read(subscriptionId);
      const item = subscription.items.data[0];
      const customer =
        typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;
      const invoice = await call('invoice preview', () =>
        stripe.invoices.createPreview({
          customer,
          subscription: subscriptionId,
          subscription_details: {
            items: [{ id: item?.id, price: priceGatewayId }],
            proration_behavior: 'always_invoice',
          },
        }),
      );
      return { amountDue: invoice.amount_due, currency: invoice.currency.toUpperCase() };
    },

    /** Prorated: the difference for the rest of the period is invoiced now. */
    async changePrice(subscriptionId: string, priceGatewayId: string): Promise<ProviderSubscription> {
      const subscription = await read(subscriptionId);
      const item = subscription.items.data[0];
      return toProviderSubscription(
        await call('subscription change', () =>
          stripe.subscriptions.update(subscriptionId, {
            items: [{ id: item?.id, price: priceGatewayId }],
            proration_behavior: 'always_invoice',
            cancel_at_period_end: false,
          }),
        ),
      );
    },

    async paymentMethod(subscriptionId: string): Promise<{ brand: string; last4: string | null } | null> {
      const subscription = await call('subscription read', () =>
        stripe.subscriptions.retrieve(subscriptionId, { expand: ['default_payment_method'] }),
      );
      const method = subscription.default_payment_method;
      if (!method || typeof method === 'string' || !method.card) return null;
      return { brand: method.card.brand, last4: method.card.last4 };
    },
  };
}
