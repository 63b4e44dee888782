import { createHmac } from 'node:crypto';
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
  parseForm,
  redirect,
} from './http-kit';

/**
 * A test peer for the part of Stripe's API that Cadence calls through the official `stripe` SDK:
 * products, prices, customers, Checkout sessions (subscription and setup mode) with a hosted
 * page that redirects back, subscriptions (retrieve, update, cancel), invoice previews with
 * proration, and webhooks signed with Stripe's scheme (`t=...,v1=HMAC-SHA256`).
 *
 * Not implemented (and not used by Cadence): lists and search, coupons, taxes, trials, 3-D
 * Secure, multiple items, payment intents, refunds, Connect. Proration is computed by day from
 * the unused part of the period, not to the second as Stripe does. Nothing is persisted.
 * Test controls live under `/_peer/` and are no part of Stripe's API.
 */
export type StripePeerOptions = {
  secretKey: string;
  webhookSecret: string;
  webhookUrl?: string;
  port?: number;
};

type Obj = Record<string, unknown> & { id: string };
type StripeEvent = {
  id: string;
  object: 'event';
  type: string;
  created: number;
  data: { object: unknown };
  api_version: string;
};

const DECLINED_CARD = '4000000000000002';
const now = () => Math.floor(Date.now() / 1000);

export async function startStripePeer(options: StripePeerOptions) {
  const store = {
    product: new Map<string, Obj>(),
    price: new Map<string, Obj>(),
    customer: new Map<string, Obj>(),
    session: new Map<string, Obj>(),
    subscription: new Map<string, Obj>(),
    invoice: new Map<string, Obj>(),
    payment_method: new Map<string, Obj>(),
    setup_intent: new Map<string, Obj>(),
  };
  const idempotent = new Map<string, PeerReply>();
  const events: StripeEvent[] = [];
  let webhookUrl = options.webhookUrl;
  let delivery = Promise.resolve();
  let baseUrl = '';

  const missing = (kind: string, id: string) =>
    json(404, {
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such ${kind}: '${id}'`,
        param: 'id',
      },
    });

  function sign(payload: string, timestamp = now(), secret = options.webhookSecret) {
    const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
    return `t=${timestamp},v1=${signature}`;
  }

  function emit(type: string, object: unknown) {
    const event: StripeEvent = {
      id: newId('evt'),
      object: 'event',
      type,
      created: now(),
      data: { object: structuredClone(object) },
      api_version: '2026-10-28.endive',
    };
    events.push(event);
    const url = webhookUrl;
    if (!url) return;
    // In order, one at a time, like a single Stripe endpoint; a failed delivery is not retried here.
    delivery = delivery.then(async () => {
      const body = JSON.stringify(event);
      await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': sign(body) },
        body,
      }).catch(() => undefined);
    });
  }

  const priceOf = (id: string) =>
    store.price.get(id) as Obj & {
      unit_amount: number;
      currency: string;
      recurring: { interval: string; interval_count: number };
    };

  function expand(object: Obj, paths: string[]): Obj {
    const copy: Obj = structuredClone(object);
    for (const path of paths) {
      const value = copy[path];
      if (typeof value !== 'string') continue;
      const kind = path === 'default_payment_method' ? 'payment_method' : (path as keyof typeof store);
      copy[path] = store[kind as keyof typeof store]?.get(value) ?? value;
    }
    return copy;
  }

  function invoiceFor(subscription: Obj, amount: number, paid: boolean, reason: string): Obj {
    const item = (subscription.items as { data: Obj[] }).data[0] as Obj & {
      price: Obj & { currency: string };
      current_period_start: number;
      current_period_end: number;
    };
    const invoice: Obj = {
      id: newId('in'),
      object: 'invoice',
      customer: subscription.customer,
      currency: item.price.currency,
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      status: paid ? 'paid' : 'open',
      billing_reason: reason,
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
      lines: {
        object: 'list',
        data: [{ period: { start: item.current_period_start, end: item.current_period_end }, amount }],
      },
      created: now(),
    };
    store.invoice.set(invoice.id, invoice);
    emit(paid ? 'invoice.paid' : 'invoice.payment_failed', invoice);
    return invoice;
  }

  function createSubscription(session: Obj, paymentMethod: string): Obj {
    const price = priceOf(session.price as string);
    const start = now();
    const subscription: Obj = {
      id: newId('sub'),
      object: 'subscription',
      customer: session.customer,
      status: 'active',
      cancel_at_period_end: false,
      ended_at: null,
      created: start,
      metadata: (session.subscription_data as { metadata?: object } | undefined)?.metadata ?? {},
      default_payment_method: paymentMethod,
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            price: structuredClone(price),
            quantity: 1,
            current_period_start: start,
            current_period_end: addInterval(start, price.recurring.interval, price.recurring.interval_count),
          },
        ],
      },
    };
    store.subscription.set(subscription.id, subscription);
    emit('customer.subscription.created', subscription);
    invoiceFor(subscription, price.unit_amount, true, 'subscription_create');
    return subscription;
  }

  function cardMethod(number: string): Obj {
    const method: Obj = {
      id: newId('pm'),
      object: 'payment_method',
      type: 'card',
      card: {
        brand: number.startsWith('5') ? 'mastercard' : 'visa',
        last4: number.slice(-4),
        exp_month: 12,
        exp_year: 2034,
      },
    };
    store.payment_method.set(method.id, method);
    return method;
  }

  /** Unused days of the current price credited, the rest of the period at the new price charged. */
  function prorate(subscription: Obj, newPriceId: string) {
    const item = (subscription.items as { data: Obj[] }).data[0] as Obj & {
      price: { unit_amount: number };
      current_period_start: number;
      current_period_end: number;
    };
    const price = priceOf(newPriceId);
    const total = Math.max(1, item.current_period_end - item.current_period_start);
    const left = Math.max(0, item.current_period_end - now()) / total;
    return Math.max(0, Math.round(price.unit_amount - item.price.unit_amount * left));
  }

  const router = createRouter();
  const authed =
    (handler: (request: PeerRequest, body: Record<string, unknown>) => PeerReply | Promise<PeerReply>) =>
    async (request: PeerRequest) => {
      if (request.headers.authorization !== `Bearer ${options.secretKey}`)
        return json(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
      const key = request.headers['idempotency-key'];
      const cacheKey = typeof key === 'string' ? `${request.method} ${request.path} ${key}` : null;
      if (cacheKey && idempotent.has(cacheKey)) return idempotent.get(cacheKey) as PeerReply;
      const body = request.method === 'GET' ? parseForm(request.query.toString()) : parseForm(request.raw);
      const reply = await handler(request, body);
      if (cacheKey && reply.status < 500) idempotent.set(cacheKey, reply);
      return reply;
    };
  const expansions = (body: Record<string, unknown>) =>
    Array.isArray(body.expand) ? (body.expand as string[]) : [];

  for (const kind of ['product', 'price', 'customer'] as const) {
    const path = `/v1/${kind}s`;
    router.on(
      'POST',
      path,
      authed((_r, body) => {
        const object: Obj = {
          ...body,
          id: newId(kind === 'product' ? 'prod' : kind === 'price' ? 'price' : 'cus'),
          object: kind,
          active: true,
          created: now(),
        };
        if (kind === 'price') {
          object.unit_amount = Number(body.unit_amount);
          const recurring = body.recurring as { interval: string; interval_count?: string };
          object.recurring = {
            interval: recurring.interval,
            interval_count: Number(recurring.interval_count ?? 1),
          };
          object.type = 'recurring';
          if (!store.product.has(String(body.product))) return missing('product', String(body.product));
        }
        if (kind === 'customer') object.invoice_settings = { default_payment_method: null };
        store[kind].set(object.id, object);
        return json(200, object);
      }),
    );
    router.on(
      'GET',
      `${path}/:id`,
      authed((r) => {
        const object = store[kind].get(r.params.id as string);
        return object ? json(200, object) : missing(kind, r.params.id as string);
      }),
    );
    router.on(
      'POST',
      `${path}/:id`,
      authed((r, body) => {
        const object = store[kind].get(r.params.id as string);
        if (!object) return missing(kind, r.params.id as string);
        if (kind === 'price' && ('unit_amount' in body || 'recurring' in body))
          return json(400, {
            error: { type: 'invalid_request_error', message: 'Received unknown parameter: unit_amount' },
          });
        if ('active' in body) object.active = body.active === 'true';
        for (const [field, value] of Object.entries(body)) if (field !== 'active') object[field] = value;
        return json(200, object);
      }),
    );
  }

  // The account's balance: the cheap authenticated read Cadence uses to check a new secret key.
  router.on(
    'GET',
    '/v1/balance',
    authed(() =>
      json(200, {
        object: 'balance',
        available: [{ amount: 0, currency: 'usd', source_types: { card: 0 } }],
        pending: [{ amount: 0, currency: 'usd', source_types: { card: 0 } }],
        livemode: false,
      }),
    ),
  );

  router.on(
    'POST',
    '/v1/checkout/sessions',
    authed((_r, body) => {
      const customer = String(body.customer ?? '');
      if (!store.customer.has(customer)) return missing('customer', customer);
      const lineItems = (body.line_items as { price: string }[] | undefined) ?? [];
      const priceId = lineItems[0]?.price;
      if (body.mode === 'subscription' && (!priceId || !store.price.get(priceId)?.active))
        return json(400, {
          error: { type: 'invalid_request_error', message: `No such price: '${priceId}'` },
        });
      const id = newId('cs_test');
      const session: Obj = {
        id,
        object: 'checkout.session',
        mode: body.mode,
        status: 'open',
        payment_status: 'unpaid',
        customer,
        client_reference_id: body.client_reference_id ?? null,
        price: priceId ?? null,
        subscription: null,
        setup_intent: null,
        subscription_data: body.subscription_data ?? {},
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        url: `${baseUrl}/pay/${id}`,
        created: now(),
      };
      store.session.set(id, session);
      return json(200, session);
    }),
  );
  router.on(
    'GET',
    '/v1/checkout/sessions/:id',
    authed((r, body) => {
      const session = store.session.get(r.params.id as string);
      return session
        ? json(200, expand(session, expansions(body)))
        : missing('checkout.session', r.params.id as string);
    }),
  );

  router.on(
    'GET',
    '/v1/subscriptions/:id',
    authed((r, body) => {
      const subscription = store.subscription.get(r.params.id as string);
      return subscription
        ? json(200, expand(subscription, expansions(body)))
        : missing('subscription', r.params.id as string);
    }),
  );
  router.on(
    'POST',
    '/v1/subscriptions/:id',
    authed((r, body) => {
      const subscription = store.subscription.get(r.params.id as string);
      if (!subscription) return missing('subscription', r.params.id as string);
      if (subscription.status === 'canceled')
        return json(400, {
          error: {
            type: 'invalid_request_error',
            message: 'A canceled subscription can only update its cancellation_details and metadata.',
          },
        });
      if ('cancel_at_period_end' in body)
        subscription.cancel_at_period_end = body.cancel_at_period_end === 'true';
      if (typeof body.default_payment_method === 'string')
        subscription.default_payment_method = body.default_payment_method;
      const items = body.items as { id?: string; price?: string }[] | undefined;
      const newPrice = items?.[0]?.price;
      if (newPrice) {
        const price = store.price.get(newPrice);
        if (!price?.active)
          return json(400, {
            error: { type: 'invalid_request_error', message: `No such price: '${newPrice}'` },
          });
        const amount = prorate(subscription, newPrice);
        const item = (subscription.items as { data: Obj[] }).data[0] as Obj;
        item.price = structuredClone(price);
        if (body.proration_behavior !== 'none' && amount > 0)
          invoiceFor(subscription, amount, true, 'subscription_update');
      }
      emit('customer.subscription.updated', subscription);
      return json(200, subscription);
    }),
  );
  router.on(
    'DELETE',
    '/v1/subscriptions/:id',
    authed((r) => {
      const subscription = store.subscription.get(r.params.id as string);
      if (!subscription) return missing('subscription', r.params.id as string);
      subscription.status = 'canceled';
      subscription.ended_at = now();
      emit('customer.subscription.deleted', subscription);
      return json(200, subscription);
    }),
  );

  router.on(
    'POST',
    '/v1/invoices/create_preview',
    authed((_r, body) => {
      const subscription = store.subscription.get(String(body.subscription));
      if (!subscription) return missing('subscription', String(body.subscription));
      const details = body.subscription_details as { items?: { price?: string }[] } | undefined;
      const newPrice = details?.items?.[0]?.price;
      if (!newPrice || !store.price.has(newPrice)) return missing('price', String(newPrice));
      const amount = prorate(subscription, newPrice);
      return json(200, {
        object: 'invoice',
        id: null,
        amount_due: amount,
        currency: (store.price.get(newPrice) as Obj).currency,
        customer: subscription.customer,
      });
    }),
  );

  // The hosted Checkout page (Stripe's own page in production).
  const page = (session: Obj, error = '') => {
    const price = session.price ? priceOf(session.price as string) : null;
    const what = price
      ? `${(price.unit_amount / 100).toFixed(2)} ${String(price.currency).toUpperCase()} every ${price.recurring.interval_count} ${price.recurring.interval}(s)`
      : 'Save a card for future payments';
    return html(
      error ? 402 : 200,
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stripe test checkout</title></head>
<body><main><h1>Stripe test checkout</h1><p>${escapeHtml(what)}</p>${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post"><label for="card">Card number</label> <input id="card" name="card" value="4242424242424242" autocomplete="cc-number">
<button type="submit">${price ? 'Subscribe' : 'Save card'}</button></form>
<p><a href="${escapeHtml(String(session.cancel_url))}">Cancel</a></p></main></body></html>`,
    );
  };
  router.on('GET', '/pay/:id', (r) => {
    const session = store.session.get(r.params.id as string);
    if (session?.status !== 'open')
      return html(
        404,
        '<!doctype html><title>Not found</title><p>This checkout session is no longer open.</p>',
      );
    return page(session);
  });
  router.on('POST', '/pay/:id', (r) => {
    const session = store.session.get(r.params.id as string);
    if (session?.status !== 'open')
      return html(
        404,
        '<!doctype html><title>Not found</title><p>This checkout session is no longer open.</p>',
      );
    const card = (new URLSearchParams(r.raw).get('card') ?? '').replace(/\s/g, '');
    if (!/^\d{12,19}$/.test(card)) return page(session, 'Your card number is invalid.');
    if (card === DECLINED_CARD) return page(session, 'Your card was declined.');
    const method = cardMethod(card);
    if (session.mode === 'subscription') {
      session.subscription = createSubscription(session, method.id).id;
      session.payment_status = 'paid';
    } else {
      const intent: Obj = {
        id: newId('seti'),
        object: 'setup_intent',
        status: 'succeeded',
        payment_method: method.id,
        customer: session.customer,
      };
      store.setup_intent.set(intent.id, intent);
      session.setup_intent = intent.id;
      session.payment_status = 'no_payment_required';
    }
    session.status = 'complete';
    emit('checkout.session.completed', session);
    return redirect(String(session.success_url).replace('{CHECKOUT_SESSION_ID}', session.id));
  });

  // Test controls (not Stripe): the next renewal of a subscription, paid or failed.
  router.on('POST', '/_peer/subscriptions/:id/renew', (r) => {
    const subscription = store.subscription.get(r.params.id as string);
    if (!subscription) return json(404, { error: 'no such subscription' });
    const isFailing = (JSON.parse(r.raw || '{}') as { fail?: boolean }).fail === true;
    const item = (subscription.items as { data: Obj[] }).data[0] as Obj & {
      price: { unit_amount: number; recurring: { interval: string; interval_count: number } };
      current_period_start: number;
      current_period_end: number;
    };
    if (isFailing) {
      subscription.status = 'past_due';
      invoiceFor(subscription, item.price.unit_amount, false, 'subscription_cycle');
    } else {
      item.current_period_start = item.current_period_end;
      item.current_period_end = addInterval(
        item.current_period_start,
        item.price.recurring.interval,
        item.price.recurring.interval_count,
      );
      subscription.status = 'active';
      invoiceFor(subscription, item.price.unit_amount, true, 'subscription_cycle');
    }
    emit('customer.subscription.updated', subscription);
    return json(200, subscription);
  });

  const server = await listen(router, options.port);
  baseUrl = server.url;
  return {
    url: server.url,
    events,
    store,
    sign,
    setWebhookUrl: (url: string | undefined) => {
      webhookUrl = url;
    },
    /** Waits until every webhook emitted so far was delivered. */
    flush: () => delivery,
    close: server.close,
  };
}

export type StripePeer = Awaited<ReturnType<typeof startStripePeer>>;
