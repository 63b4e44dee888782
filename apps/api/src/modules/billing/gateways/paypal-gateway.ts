import {
  type EventPlan,
  GatewayError,
  idOf,
  type PlanForSync,
  type PlanSyncResult,
  type ProviderSubscription,
  type VerifiedEvent,
  WebhookRefusedError,
} from './gateway-types';
import { createPaypalRest } from './paypal-rest';
import { isFresh, NOT_FRESH_MESSAGE, paypalSignedAt } from './webhook-freshness';

export type PaypalConfig = { clientId: string; secret: string; webhookId: string; apiBase: string };

type PaypalSubscription = {
  id: string;
  status: string;
  plan_id?: string;
  custom_id?: string;
  billing_info?: { next_billing_time?: string; failed_payments_count?: number };
  status_update_time?: string;
  links?: { href: string; rel: string }[];
};

const UNIT = { day: 'DAY', month: 'MONTH', year: 'YEAR' } as const;

/** PayPal amounts are decimal strings in major units; Cadence keeps integer minor units. */
const digitsOf = (currency: string) => (['JPY', 'HUF', 'TWD'].includes(currency.toUpperCase()) ? 0 : 2);
const majorString = (amount: number, currency: string) =>
  (amount / 10 ** digitsOf(currency)).toFixed(digitsOf(currency));
/** To integer minor units without float drift. */
function minorUnits(value: string | undefined, currency: string): number {
  if (!value) return 0;
  const digits = digitsOf(currency);
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0').slice(0, digits) || '0');
}

export type PaypalEvent = { id?: string; event_type?: string; resource?: Record<string, unknown> };

/** The provider subscription a PayPal event is about (null: none, nothing to apply). */
export function paypalEventSubject(event: PaypalEvent): string | null {
  const resource = event.resource ?? {};
  if (event.event_type === 'PAYMENT.SALE.COMPLETED') return idOf(resource.billing_agreement_id);
  if (event.event_type?.startsWith('BILLING.SUBSCRIPTION.')) return idOf(resource.id);
  return null;
}

/** What a stored PayPal event asks of the webhook job: always a fresh state, a sale's or a failure's invoice. */
export function paypalEventPlan(event: PaypalEvent, receivedAt: Date): EventPlan {
  const resource = event.resource ?? {};
  const invoice = (gatewayId: string, paid: boolean, value?: string, currency?: string) => ({
    needsState: true,
    invoice: {
      gatewayId,
      amount: minorUnits(value, currency ?? 'USD'),
      currency: currency ?? 'USD',
      paid,
      periodStart: receivedAt,
      periodEnd: null,
    },
  });
  if (event.event_type === 'PAYMENT.SALE.COMPLETED') {
    const amount = resource.amount as { total?: string; currency?: string } | undefined;
    if (typeof resource.id !== 'string') return { needsState: true };
    return invoice(resource.id, true, amount?.total, amount?.currency);
  }
  if (event.event_type === 'BILLING.SUBSCRIPTION.PAYMENT.FAILED') {
    const balance = (
      resource.billing_info as { outstanding_balance?: { value?: string; currency_code?: string } }
    )?.outstanding_balance;
    return invoice(`paypal-failed-${event.id}`, false, balance?.value, balance?.currency_code);
  }
  return { needsState: true };
}

/**
 * PayPal's states reduced to Cadence's: a suspended or cancelled subscription charges no more
 * and keeps access until the time already paid for (its next billing time).
 */
export function toProviderSubscription(
  subscription: PaypalSubscription,
  now = new Date(),
): ProviderSubscription {
  const next = subscription.billing_info?.next_billing_time
    ? new Date(subscription.billing_info.next_billing_time)
    : null;
  const userId = Number(subscription.custom_id);
  const base = {
    gatewayId: subscription.id,
    priceGatewayId: subscription.plan_id ?? null,
    userId: Number.isInteger(userId) && userId > 0 ? userId : null,
    customerId: null,
  };
  switch (subscription.status) {
    case 'ACTIVE':
      return {
        ...base,
        status: (subscription.billing_info?.failed_payments_count ?? 0) > 0 ? 'past_due' : 'active',
        renewsAt: next,
        endsAt: null,
      };
    case 'SUSPENDED':
      return { ...base, status: 'active', renewsAt: null, endsAt: next && next > now ? next : now };
    case 'CANCELLED':
    case 'EXPIRED':
      return { ...base, status: 'canceled', renewsAt: null, endsAt: next && next > now ? next : now };
    default:
      return { ...base, status: 'incomplete', renewsAt: null, endsAt: null };
  }
}

/** PayPal's live or sandbox host; `PAYPAL_API_BASE` (tests) points at a local peer instead. */
export function paypalApiBase(override: string | undefined, testMode: boolean): string {
  return override ?? (testMode ? 'https://api-m.sandbox.paypal.com' : 'https://api-m.paypal.com');
}

/** PayPal's REST API (its server SDK cannot reach subscriptions), with a configurable base url. */
export function createPaypalGateway(config: PaypalConfig) {
  const { api, checkCredentials } = createPaypalRest(config);
  return {
    name: 'paypal' as const,
    checkCredentials,
    ...paypalPlans(api),
    ...paypalSubscriptions(api),
    ...paypalWebhooks(api, config.webhookId),
  };
}

export type PaypalGateway = ReturnType<typeof createPaypalGateway>;
type Api = ReturnType<typeof createPaypalRest>['api'];

function paypalPlans(api: Api) {
  return {
    /** PayPal plans are immutable in price: a new amount is a new plan, an archived price a deactivated one. */
    async syncPlan(plan: PlanForSync): Promise<PlanSyncResult> {
      const { product } = plan;
      const productGatewayId =
        product.gatewayId ??
        (
          await api<{ id: string }>('POST', '/v1/catalogs/products', {
            name: product.name,
            description: product.description || undefined,
            type: 'SERVICE',
          })
        ).id;
      const prices = [];
      for (const price of plan.prices) {
        let gatewayId = price.gatewayId;
        if (!gatewayId && !price.archived) {
          const created = await api<{ id: string }>(
            'POST',
            '/v1/billing/plans',
            {
              product_id: productGatewayId,
              name: `${product.name} ${price.interval_count} ${price.interval}`,
              billing_cycles: [
                {
                  frequency: { interval_unit: UNIT[price.interval], interval_count: price.interval_count },
                  tenure_type: 'REGULAR',
                  sequence: 1,
                  total_cycles: 0,
                  pricing_scheme: {
                    fixed_price: {
                      value: majorString(price.amount, price.currency),
                      currency_code: price.currency,
                    },
                  },
                },
              ],
              payment_preferences: { auto_bill_outstanding: true, payment_failure_threshold: 2 },
            },
            { 'paypal-request-id': `cadence-price-${price.id}` },
          );
          gatewayId = created.id;
        } else if (gatewayId && price.archived) {
          await api('POST', `/v1/billing/plans/${encodeURIComponent(gatewayId)}/deactivate`);
        }
        prices.push({ id: price.id, gatewayId });
      }
      return { productGatewayId, prices };
    },
  };
}

/** A subscription opened (the buyer approves it at PayPal), read, suspended, activated or cancelled. */
function paypalSubscriptions(api: Api) {
  async function fetchSubscription(id: string): Promise<ProviderSubscription> {
    return toProviderSubscription(
      await api<PaypalSubscription>('GET', `/v1/billing/subscriptions/${encodeURIComponent(id)}`),
    );
  }

  return {
    /** The request id makes a double-clicked pay button create one subscription, not two. */
    async startCheckout(input: {
      userId: number;
      planGatewayId: string;
      returnUrl: string;
      cancelUrl: string;
      idempotencyKey: string;
    }): Promise<{ id: string; url: string }> {
      const created = await api<PaypalSubscription>(
        'POST',
        '/v1/billing/subscriptions',
        {
          plan_id: input.planGatewayId,
          custom_id: String(input.userId),
          application_context: {
            return_url: input.returnUrl,
            cancel_url: input.cancelUrl,
            user_action: 'SUBSCRIBE_NOW',
          },
        },
        { 'paypal-request-id': input.idempotencyKey },
      );
      const approve = created.links?.find((link) => link.rel === 'approve')?.href;
      if (!approve) throw new GatewayError('PayPal: subscription without an approval link');
      return { id: created.id, url: approve };
    },

    fetchSubscription,

    async setCancelAtPeriodEnd(id: string, cancel: boolean): Promise<ProviderSubscription> {
      const action = cancel ? 'suspend' : 'activate';
      await api('POST', `/v1/billing/subscriptions/${encodeURIComponent(id)}/${action}`, {
        reason: cancel ? 'Cancelled by the subscriber' : 'Renewed by the subscriber',
      });
      return fetchSubscription(id);
    },

    async cancelNow(id: string): Promise<ProviderSubscription> {
      await api('POST', `/v1/billing/subscriptions/${encodeURIComponent(id)}/cancel`, {
        reason: 'Cancelled',
      });
      return fetchSubscription(id);
    },
  };
}

function paypalWebhooks(api: Api, webhookId: string) {
  return {
    /**
     * A webhook: its transmission time within 5 minutes of now either way (checked first: a stale
     * one costs no call), then PayPal's verify-webhook-signature call, SUCCESS or refused.
     */
    async verifyEvent(
      headers: Record<string, string | string[] | undefined>,
      rawBody: string,
    ): Promise<VerifiedEvent> {
      let event: PaypalEvent;
      try {
        event = JSON.parse(rawBody);
      } catch {
        throw new WebhookRefusedError();
      }
      const header = (name: string) => {
        const value = headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      const signedAt = paypalSignedAt(header('paypal-transmission-time'));
      if (signedAt !== null && !isFresh(signedAt)) throw new WebhookRefusedError(NOT_FRESH_MESSAGE);
      const fields = {
        auth_algo: header('paypal-auth-algo'),
        cert_url: header('paypal-cert-url'),
        transmission_id: header('paypal-transmission-id'),
        transmission_sig: header('paypal-transmission-sig'),
        transmission_time: header('paypal-transmission-time'),
      };
      if (!event?.id || !event.event_type || Object.values(fields).some((value) => !value))
        throw new WebhookRefusedError();
      const answer = await api<{ verification_status?: string }>(
        'POST',
        '/v1/notifications/verify-webhook-signature',
        { ...fields, webhook_id: webhookId, webhook_event: event },
      );
      if (answer.verification_status !== 'SUCCESS') throw new WebhookRefusedError();
      return { id: event.id, type: event.event_type, subject: paypalEventSubject(event) };
    },
  };
}
