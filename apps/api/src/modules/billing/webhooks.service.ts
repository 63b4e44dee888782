import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import { billingRepository as repo } from './billing.repository';
import type { ProviderSubscription } from './gateways/gateway-types';
import type { GatewayRegistry } from './gateways/gateways';
import type { InvoiceEvent, SubscriptionsService } from './subscriptions.service';

type Deps = { db: Kysely<Database>; gateways: GatewayRegistry; subscriptions: SubscriptionsService };
type Outcome = { received: true; duplicate: boolean };

const toDate = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/** PayPal amounts are decimal strings: to integer minor units without float drift. */
function minorUnits(value: string | undefined, currency: string): number {
  if (!value) return 0;
  const digits = ['JPY', 'HUF', 'TWD'].includes(currency.toUpperCase()) ? 0 : 2;
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0').slice(0, digits) || '0');
}

/**
 * Provider webhooks: verified, each event id handled once (claimed before its effects, released
 * if they fail so the provider's retry runs them), and order-proof: the subscription's state is
 * always read back from the provider, never taken from the event.
 */
export function createWebhooksService({ db, gateways, subscriptions }: Deps) {
  async function once(gateway: string, eventId: string, apply: () => Promise<void>): Promise<Outcome> {
    if (!(await repo.claimEvent(db, gateway, eventId))) return { received: true, duplicate: true };
    try {
      await apply();
    } catch (error) {
      await repo.releaseEvent(db, gateway, eventId);
      throw error;
    }
    return { received: true, duplicate: false };
  }

  async function applySubscription(
    gateway: 'stripe' | 'paypal',
    fetch: (id: string) => Promise<ProviderSubscription>,
    cancelNow: (id: string) => Promise<unknown>,
    id: string,
    hint: { userId?: number } = {},
  ) {
    const remote = await fetch(id);
    const result = await subscriptions.applyProviderState(gateway, remote, hint);
    if (result.outcome === 'duplicate') await cancelNow(id);
    return result.outcome === 'duplicate' ? null : result.row;
  }

  return {
    async stripe(rawBody: string, signature: string | undefined): Promise<Outcome> {
      const stripe = (await gateways()).stripe;
      if (!stripe) throw new AppError('not_found');
      let event: Stripe.Event;
      try {
        event = stripe.verifyEvent(rawBody, signature ?? '');
      } catch {
        throw new AppError('bad_request', 'The webhook signature is not valid.');
      }
      const sync = (id: string, hint?: { userId?: number }) =>
        applySubscription(
          'stripe',
          (s) => stripe.fetchSubscription(s),
          (s) => stripe.cancelNow(s),
          id,
          hint,
        );
      return once('stripe', event.id, async () => {
        const object = event.data.object as unknown as Record<string, unknown>;
        if (event.type === 'checkout.session.completed') {
          const session = object as unknown as Stripe.Checkout.Session;
          const id =
            typeof session.subscription === 'string' ? session.subscription : session.subscription?.id;
          const userId = Number(session.client_reference_id);
          if (session.mode === 'subscription' && id)
            await sync(id, Number.isInteger(userId) ? { userId } : {});
          return;
        }
        if (event.type.startsWith('customer.subscription.')) {
          await sync(String(object.id));
          return;
        }
        if (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed') {
          const invoice = object as unknown as Stripe.Invoice;
          const reference = invoice.parent?.subscription_details?.subscription;
          const id = typeof reference === 'string' ? reference : reference?.id;
          if (!id || !invoice.id) return;
          // The invoice needs its subscription row, not a fresh state: every state change also
          // comes as a customer.subscription.* event, which reads the provider. Only a first
          // sighting (an invoice ahead of its subscription's events) asks the provider here.
          const row = (await repo.findSubscriptionByGateway(db, 'stripe', id)) ?? (await sync(id));
          if (!row) return;
          const line = invoice.lines?.data?.[0];
          const record: InvoiceEvent = {
            gatewayId: invoice.id,
            amount: event.type === 'invoice.paid' ? invoice.amount_paid : invoice.amount_due,
            currency: invoice.currency,
            paid: event.type === 'invoice.paid',
            periodStart: toDate(line?.period?.start ?? invoice.period_start),
            periodEnd: toDate(line?.period?.end ?? invoice.period_end),
          };
          await subscriptions.recordInvoice(row, record);
        }
      });
    },

    async paypal(headers: Record<string, string | string[] | undefined>, rawBody: string): Promise<Outcome> {
      const paypal = (await gateways()).paypal;
      if (!paypal) throw new AppError('not_found');
      let event: { id?: string; event_type?: string; resource?: Record<string, unknown> };
      try {
        event = JSON.parse(rawBody);
      } catch {
        throw new AppError('bad_request', 'The webhook signature is not valid.');
      }
      if (!event.id || !event.event_type || !(await paypal.verifyEvent(headers, event)))
        throw new AppError('bad_request', 'The webhook signature is not valid.');
      const resource = event.resource ?? {};
      const sync = (id: string) =>
        applySubscription(
          'paypal',
          (s) => paypal.fetchSubscription(s),
          (s) => paypal.cancelNow(s),
          id,
        );
      const type = event.event_type;
      const eventId = event.id;
      return once('paypal', eventId, async () => {
        if (type === 'PAYMENT.SALE.COMPLETED') {
          const id = resource.billing_agreement_id;
          if (typeof id !== 'string') return;
          const row = await sync(id);
          const amount = resource.amount as { total?: string; currency?: string } | undefined;
          if (!row || typeof resource.id !== 'string') return;
          const currency = amount?.currency ?? 'USD';
          await subscriptions.recordInvoice(row, {
            gatewayId: resource.id,
            amount: minorUnits(amount?.total, currency),
            currency,
            paid: true,
            periodStart: new Date(),
            periodEnd: null,
          });
          return;
        }
        if (type === 'BILLING.SUBSCRIPTION.PAYMENT.FAILED') {
          if (typeof resource.id !== 'string') return;
          const row = await sync(resource.id);
          const balance = (
            resource.billing_info as { outstanding_balance?: { value?: string; currency_code?: string } }
          )?.outstanding_balance;
          if (!row) return;
          const currency = balance?.currency_code ?? 'USD';
          await subscriptions.recordInvoice(row, {
            gatewayId: `paypal-failed-${eventId}`,
            amount: minorUnits(balance?.value, currency),
            currency,
            paid: false,
            periodStart: new Date(),
            periodEnd: null,
          });
          return;
        }
        if (type.startsWith('BILLING.SUBSCRIPTION.') && typeof resource.id === 'string')
          await sync(resource.id);
      });
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
