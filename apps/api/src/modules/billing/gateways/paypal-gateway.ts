import {
  GatewayError,
  type PlanForSync,
  type PlanSyncResult,
  type ProviderSubscription,
} from './gateway-types';

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
function majorString(amount: number, currency: string): string {
  const digits = ['JPY', 'HUF', 'TWD'].includes(currency.toUpperCase()) ? 0 : 2;
  return (amount / 10 ** digits).toFixed(digits);
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
  let token: { value: string; expiresAt: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return token.value;
    const response = await send('/v1/oauth2/token', {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${config.clientId}:${config.secret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    const body = (await response.json()) as { access_token: string; expires_in: number };
    token = { value: body.access_token, expiresAt: Date.now() + (body.expires_in - 60) * 1000 };
    return token.value;
  }

  async function send(path: string, init: RequestInit): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(new URL(path, config.apiBase), { ...init, signal: AbortSignal.timeout(15_000) });
    } catch (error) {
      throw new GatewayError(`PayPal: ${path} unreachable`, error);
    }
    if (!response.ok)
      throw new GatewayError(`PayPal: ${path} answered ${response.status}`, undefined, response.status);
    return response;
  }

  async function api<T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    const response = await send(path, {
      method,
      headers: {
        authorization: `Bearer ${await accessToken()}`,
        'content-type': 'application/json',
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return (text ? JSON.parse(text) : {}) as T;
  }

  return {
    name: 'paypal' as const,

    /** Asks for a fresh access token: PayPal answers 401 `invalid_client` to a wrong id or secret. */
    async checkCredentials(): Promise<void> {
      token = null;
      await accessToken();
    },

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

    async fetchSubscription(id: string): Promise<ProviderSubscription> {
      return toProviderSubscription(
        await api<PaypalSubscription>('GET', `/v1/billing/subscriptions/${encodeURIComponent(id)}`),
      );
    },

    async setCancelAtPeriodEnd(id: string, cancel: boolean): Promise<ProviderSubscription> {
      const action = cancel ? 'suspend' : 'activate';
      await api('POST', `/v1/billing/subscriptions/${encodeURIComponent(id)}/${action}`, {
        reason: cancel ? 'Cancelled by the subscriber' : 'Renewed by the subscriber',
      });
      return this.fetchSubscription(id);
    },

    async cancelNow(id: string): Promise<ProviderSubscription> {
      await api('POST', `/v1/billing/subscriptions/${encodeURIComponent(id)}/cancel`, {
        reason: 'Cancelled',
      });
      return this.fetchSubscription(id);
    },

    /** PayPal's verify-webhook-signature call: true only on SUCCESS. */
    async verifyEvent(
      headers: Record<string, string | string[] | undefined>,
      event: unknown,
    ): Promise<boolean> {
      const header = (name: string) => {
        const value = headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      const fields = {
        auth_algo: header('paypal-auth-algo'),
        cert_url: header('paypal-cert-url'),
        transmission_id: header('paypal-transmission-id'),
        transmission_sig: header('paypal-transmission-sig'),
        transmission_time: header('paypal-transmission-time'),
      };
      if (Object.values(fields).some((value) => !value)) return false;
      const answer = await api<{ verification_status?: string }>(
        'POST',
        '/v1/notifications/verify-webhook-signature',
        {
          ...fields,
          webhook_id: config.webhookId,
          webhook_event: event,
        },
      );
      return answer.verification_status === 'SUCCESS';
    },
  };
}

export type PaypalGateway = ReturnType<typeof createPaypalGateway>;
