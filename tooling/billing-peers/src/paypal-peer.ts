import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';
import {
  addInterval,
  createRouter,
  escapeHtml,
  html,
  json,
  listen,
  newId,
  type PeerReply,
  type PeerRequest,
  redirect,
} from './http-kit';

/**
 * A test peer for the PayPal REST calls Cadence makes: OAuth client-credentials tokens,
 * catalog products, billing plans (create, deactivate), subscriptions (create with an approval
 * link, read, suspend, activate, cancel), the buyer's approval page that redirects back, and
 * webhooks with PayPal's transmission headers plus the verify-webhook-signature call.
 *
 * Honest differences: PayPal signs webhooks with RSA over `id|time|webhookId|crc32(body)` and a
 * certificate; this peer signs the same string with HMAC-SHA256 under its own key, so only its
 * own verify call can check them (as with PayPal, where the verify call is the way to check).
 * No trials, setup fees, taxes, plan price updates, revisions, refunds or disputes; nothing is
 * persisted. Test controls live under `/_peer/` and are no part of PayPal's API.
 */
export type PaypalPeerOptions = {
  clientId: string;
  secret: string;
  webhookId: string;
  webhookUrl?: string;
  port?: number;
};

// biome-ignore lint/suspicious/noExplicitAny: a peer reads PayPal's JSON bodies field by field, as PayPal does
type Body = Record<string, any>;
type Plan = {
  id: string;
  product_id: string;
  status: string;
  interval: string;
  count: number;
  value: string;
  currency: string;
};
type Subscription = {
  id: string;
  plan_id: string;
  status: string;
  custom_id?: string;
  start_time: string;
  billing_info: {
    next_billing_time?: string;
    failed_payments_count: number;
    outstanding_balance: { value: string; currency_code: string };
  };
  return_url: string;
  cancel_url: string;
  links: { href: string; rel: string; method: string }[];
};
type WebhookEvent = {
  id: string;
  event_type: string;
  resource_type: string;
  resource: unknown;
  create_time: string;
  event_version: string;
};

export async function startPaypalPeer(options: PaypalPeerOptions) {
  const signingKey = randomUUID();
  const tokens = new Set<string>();
  const products = new Map<string, { id: string; name: string }>();
  const plans = new Map<string, Plan>();
  const subscriptions = new Map<string, Subscription>();
  const requestIds = new Map<string, PeerReply>();
  const events: { event: WebhookEvent; body: string; headers: Record<string, string> }[] = [];
  let webhookUrl = options.webhookUrl;
  let delivery = Promise.resolve();
  let baseUrl = '';

  const error = (status: number, name: string, message: string) =>
    json(status, { name, message, debug_id: newId('dbg', '-') });
  const notFound = () => error(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.');

  const transmissionString = (id: string, time: string, body: string) =>
    `${id}|${time}|${options.webhookId}|${crc32(Buffer.from(body, 'utf8'))}`;
  const signString = (value: string) => createHmac('sha256', signingKey).update(value).digest('base64');

  function signedHeaders(body: string, time = new Date().toISOString()) {
    const id = randomUUID();
    return {
      'paypal-transmission-id': id,
      'paypal-transmission-time': time,
      'paypal-transmission-sig': signString(transmissionString(id, time, body)),
      'paypal-cert-url': `${baseUrl}/v1/notifications/certs/peer`,
      'paypal-auth-algo': 'SHA256withRSA',
    };
  }

  function emit(type: string, resource: unknown) {
    const event: WebhookEvent = {
      id: newId('WH', '-'),
      event_type: type,
      resource_type: type.startsWith('PAYMENT.SALE') ? 'sale' : 'subscription',
      resource: structuredClone(resource),
      create_time: new Date().toISOString(),
      event_version: '1.0',
    };
    const body = JSON.stringify(event);
    const headers = signedHeaders(body);
    events.push({ event, body, headers });
    const url = webhookUrl;
    if (!url) return;
    delivery = delivery.then(async () => {
      await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      }).catch(() => undefined);
    });
  }

  const publicView = (subscription: Subscription) => {
    const { return_url: _r, cancel_url: _c, ...rest } = subscription;
    return rest;
  };

  function charge(subscription: Subscription, isFailing: boolean) {
    const plan = plans.get(subscription.plan_id) as Plan;
    if (isFailing) {
      subscription.billing_info.failed_payments_count += 1;
      subscription.billing_info.outstanding_balance = { value: plan.value, currency_code: plan.currency };
      emit('BILLING.SUBSCRIPTION.PAYMENT.FAILED', publicView(subscription));
      return;
    }
    const from = subscription.billing_info.next_billing_time
      ? Date.parse(subscription.billing_info.next_billing_time) / 1000
      : Date.now() / 1000;
    subscription.billing_info.next_billing_time = new Date(
      addInterval(Math.floor(from), plan.interval.toLowerCase(), plan.count) * 1000,
    ).toISOString();
    subscription.billing_info.failed_payments_count = 0;
    subscription.billing_info.outstanding_balance = { value: '0.00', currency_code: plan.currency };
    emit('PAYMENT.SALE.COMPLETED', {
      id: newId('SALE', '-'),
      state: 'completed',
      amount: { total: plan.value, currency: plan.currency },
      billing_agreement_id: subscription.id,
      create_time: new Date().toISOString(),
    });
  }

  const router = createRouter();
  const authed =
    (handler: (request: PeerRequest, body: Body) => PeerReply | Promise<PeerReply>) =>
    async (request: PeerRequest) => {
      const token = request.headers.authorization?.replace(/^Bearer /, '');
      if (!token || !tokens.has(token))
        return error(
          401,
          'AUTHENTICATION_FAILURE',
          'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
        );
      const requestId = request.headers['paypal-request-id'];
      const key = typeof requestId === 'string' ? `${request.path} ${requestId}` : null;
      if (key && requestIds.has(key)) return requestIds.get(key) as PeerReply;
      let body: Body = {};
      try {
        body = request.raw ? JSON.parse(request.raw) : {};
      } catch {
        return error(400, 'MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.');
      }
      const reply = await handler(request, body);
      if (key && reply.status < 500) requestIds.set(key, reply);
      return reply;
    };

  router.on('POST', '/v1/oauth2/token', (request) => {
    const expected = `Basic ${Buffer.from(`${options.clientId}:${options.secret}`).toString('base64')}`;
    if (request.headers.authorization !== expected)
      return json(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
    const token = newId('A21AA', '-');
    tokens.add(token);
    return json(200, {
      scope: 'https://uri.paypal.com/services/subscriptions',
      access_token: token,
      token_type: 'Bearer',
      app_id: 'APP-PEER',
      expires_in: 32400,
      nonce: newId('n', '-'),
    });
  });

  router.on(
    'POST',
    '/v1/catalogs/products',
    authed((_r, body) => {
      if (!body.name) return error(400, 'INVALID_REQUEST', 'name is required');
      const product = { id: newId('PROD', '-'), name: String(body.name) };
      products.set(product.id, product);
      return json(201, { ...product, type: body.type ?? 'SERVICE', create_time: new Date().toISOString() });
    }),
  );

  router.on(
    'POST',
    '/v1/billing/plans',
    authed((_r, body) => {
      if (!products.has(body.product_id)) return error(422, 'UNPROCESSABLE_ENTITY', 'Invalid product id.');
      const cycle = body.billing_cycles?.[0];
      const price = cycle?.pricing_scheme?.fixed_price;
      if (!cycle?.frequency?.interval_unit || !price?.value)
        return error(400, 'INVALID_REQUEST', 'billing_cycles is required');
      const plan: Plan = {
        id: newId('P', '-'),
        product_id: body.product_id,
        status: 'ACTIVE',
        interval: cycle.frequency.interval_unit,
        count: Number(cycle.frequency.interval_count ?? 1),
        value: price.value,
        currency: price.currency_code,
      };
      plans.set(plan.id, plan);
      return json(201, { id: plan.id, product_id: plan.product_id, status: plan.status, name: body.name });
    }),
  );
  router.on(
    'GET',
    '/v1/billing/plans/:id',
    authed((r) => {
      const plan = plans.get(r.params.id as string);
      return plan ? json(200, plan) : notFound();
    }),
  );
  router.on(
    'POST',
    '/v1/billing/plans/:id/deactivate',
    authed((r) => {
      const plan = plans.get(r.params.id as string);
      if (!plan) return notFound();
      plan.status = 'INACTIVE';
      return { status: 204, body: null };
    }),
  );

  router.on(
    'POST',
    '/v1/billing/subscriptions',
    authed((_r, body) => {
      const plan = plans.get(body.plan_id);
      if (plan?.status !== 'ACTIVE') return error(422, 'UNPROCESSABLE_ENTITY', 'The plan is not active.');
      const id = newId('I', '-');
      const subscription: Subscription = {
        id,
        plan_id: plan.id,
        status: 'APPROVAL_PENDING',
        custom_id: body.custom_id,
        start_time: new Date().toISOString(),
        billing_info: {
          failed_payments_count: 0,
          outstanding_balance: { value: '0.00', currency_code: plan.currency },
        },
        return_url: body.application_context?.return_url ?? '',
        cancel_url: body.application_context?.cancel_url ?? '',
        links: [
          {
            href: `${baseUrl}/webapps/billing/subscriptions?ba_token=BA-${id}&id=${id}`,
            rel: 'approve',
            method: 'GET',
          },
          { href: `${baseUrl}/v1/billing/subscriptions/${id}`, rel: 'self', method: 'GET' },
        ],
      };
      subscriptions.set(id, subscription);
      return json(201, publicView(subscription));
    }),
  );
  router.on(
    'GET',
    '/v1/billing/subscriptions/:id',
    authed((r) => {
      const subscription = subscriptions.get(r.params.id as string);
      return subscription ? json(200, publicView(subscription)) : notFound();
    }),
  );
  const transition = (from: string[], to: string, type: string) =>
    authed((r) => {
      const subscription = subscriptions.get(r.params.id as string);
      if (!subscription) return notFound();
      if (!from.includes(subscription.status))
        return error(422, 'UNPROCESSABLE_ENTITY', `SUBSCRIPTION_STATUS_INVALID: ${subscription.status}`);
      subscription.status = to;
      emit(type, publicView(subscription));
      return { status: 204, body: null };
    });
  router.on(
    'POST',
    '/v1/billing/subscriptions/:id/suspend',
    transition(['ACTIVE'], 'SUSPENDED', 'BILLING.SUBSCRIPTION.SUSPENDED'),
  );
  router.on(
    'POST',
    '/v1/billing/subscriptions/:id/activate',
    transition(['SUSPENDED'], 'ACTIVE', 'BILLING.SUBSCRIPTION.ACTIVATED'),
  );
  router.on(
    'POST',
    '/v1/billing/subscriptions/:id/cancel',
    transition(
      ['ACTIVE', 'SUSPENDED', 'APPROVAL_PENDING', 'APPROVED'],
      'CANCELLED',
      'BILLING.SUBSCRIPTION.CANCELLED',
    ),
  );

  router.on(
    'POST',
    '/v1/notifications/verify-webhook-signature',
    authed((_r, body) => {
      const event = JSON.stringify(body.webhook_event ?? null);
      const isWebhook = body.webhook_id === options.webhookId;
      const expected = Buffer.from(
        signString(transmissionString(String(body.transmission_id), String(body.transmission_time), event)),
      );
      const given = Buffer.from(String(body.transmission_sig ?? ''));
      const isSigned = expected.length === given.length && timingSafeEqual(expected, given);
      return json(200, { verification_status: isWebhook && isSigned ? 'SUCCESS' : 'FAILURE' });
    }),
  );

  // The buyer's approval page (PayPal's own site in production).
  router.on('GET', '/webapps/billing/subscriptions', (r) => {
    const subscription = subscriptions.get(r.query.get('id') ?? '');
    if (subscription?.status !== 'APPROVAL_PENDING')
      return html(
        404,
        '<!doctype html><title>Not found</title><p>This subscription is not waiting for approval.</p>',
      );
    const plan = plans.get(subscription.plan_id) as Plan;
    return html(
      200,
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>PayPal test approval</title></head>
<body><main><h1>PayPal test approval</h1><p>${escapeHtml(`${plan.value} ${plan.currency} every ${plan.count} ${plan.interval.toLowerCase()}(s)`)}</p>
<form method="post"><button type="submit">Agree &amp; Subscribe</button></form>
<p><a href="${escapeHtml(subscription.cancel_url)}">Cancel and return</a></p></main></body></html>`,
    );
  });
  router.on('POST', '/webapps/billing/subscriptions', (r) => {
    const subscription = subscriptions.get(r.query.get('id') ?? '');
    if (subscription?.status !== 'APPROVAL_PENDING')
      return html(
        404,
        '<!doctype html><title>Not found</title><p>This subscription is not waiting for approval.</p>',
      );
    subscription.status = 'ACTIVE';
    emit('BILLING.SUBSCRIPTION.ACTIVATED', publicView(subscription));
    charge(subscription, false);
    const back = new URL(subscription.return_url);
    back.searchParams.set('subscription_id', subscription.id);
    back.searchParams.set('ba_token', `BA-${subscription.id}`);
    back.searchParams.set('token', newId('EC', '-'));
    return redirect(back.toString());
  });

  router.on('POST', '/_peer/subscriptions/:id/charge', (r) => {
    const subscription = subscriptions.get(r.params.id as string);
    if (!subscription) return json(404, { error: 'no such subscription' });
    charge(subscription, (JSON.parse(r.raw || '{}') as { fail?: boolean }).fail === true);
    return json(200, publicView(subscription));
  });

  const server = await listen(router, options.port);
  baseUrl = server.url;
  return {
    url: server.url,
    events,
    subscriptions,
    plans,
    signedHeaders,
    setWebhookUrl: (url: string | undefined) => {
      webhookUrl = url;
    },
    flush: () => delivery,
    close: server.close,
  };
}

export type PaypalPeer = Awaited<ReturnType<typeof startPaypalPeer>>;
