import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type PaypalPeer, startPaypalPeer } from '@cadence/billing-peers/paypal-peer';
import { type StripePeer, startStripePeer } from '@cadence/billing-peers/stripe-peer';
import { createTestApp, createTestUser, type TestApp } from '../../test/test-app';

export type Headers = Record<string, string>;
export type BillingWorld = {
  t: TestApp;
  stripe: StripePeer;
  paypal: PaypalPeer;
  admin: Headers;
  close: () => Promise<void>;
};

export const STRIPE = { secret: 'sk_test_cadence', webhookSecret: 'whsec_cadence_test' };
export const PAYPAL = { clientId: 'paypal-client', secret: 'paypal-secret', webhookId: 'WH-CADENCE' };

export async function headersFor(t: TestApp, userId: number): Promise<Headers> {
  const { cookie, xsrf } = await t.sessionCookie(userId);
  return { cookie, 'x-xsrf-token': xsrf };
}

/** The real app against both provider peers, billing switched on with both gateways. */
export async function startBillingWorld(options: { stripeApiBase?: string } = {}): Promise<BillingWorld> {
  const [stripe, paypal] = await Promise.all([
    startStripePeer({ secretKey: STRIPE.secret, webhookSecret: STRIPE.webhookSecret }),
    startPaypalPeer({ clientId: PAYPAL.clientId, secret: PAYPAL.secret, webhookId: PAYPAL.webhookId }),
  ]);
  const t = await createTestApp({
    env: {
      STRIPE_SECRET: STRIPE.secret,
      STRIPE_WEBHOOK_SECRET: STRIPE.webhookSecret,
      STRIPE_API_BASE: options.stripeApiBase ?? stripe.url,
      PAYPAL_CLIENT_ID: PAYPAL.clientId,
      PAYPAL_SECRET: PAYPAL.secret,
      PAYPAL_WEBHOOK_ID: PAYPAL.webhookId,
      PAYPAL_API_BASE: paypal.url,
    },
  });
  await setBilling(t, { enable: true });
  const adminId = await createTestUser(t.deps, { permissions: ['admin'] });
  return {
    t,
    stripe,
    paypal,
    admin: await headersFor(t, adminId),
    close: async () => {
      await t.close();
      await Promise.all([stripe.close(), paypal.close()]);
    },
  };
}

/** A fixture: the keys come from the environment, so the switch-on checks are left out. */
export async function setBilling(t: TestApp, options: { enable: boolean }) {
  await t.app.services.settings.save(
    { client: { billing: { enable: options.enable, stripe: { enable: true }, paypal: { enable: true } } } },
    { checkCredentials: false },
  );
}

export const proPlan = {
  name: 'Pro',
  description: 'Everything',
  feature_list: ['No ads'],
  permissions: ['files.create'],
  upload_minutes: 600,
  prices: [
    { amount: 800, currency: 'USD', interval: 'month', interval_count: 1 },
    { amount: 7600, currency: 'USD', interval: 'year', interval_count: 1 },
  ],
};

export async function createPlan(world: BillingWorld, body: Record<string, unknown>) {
  const response = await world.t.app.inject({
    method: 'POST',
    url: '/api/v1/billing/admin/products',
    headers: world.admin,
    payload: body,
  });
  if (response.statusCode !== 200) throw new Error(`plan: ${response.statusCode} ${response.body}`);
  return response.json().product as { id: number; prices: { id: number; amount: number }[] };
}

/** Buys through the Stripe peer's hosted page, like a browser would; answers the done page's session id. */
export async function payByCard(
  world: BillingWorld,
  headers: Headers,
  productId: number,
  priceId: number,
  card = '4242424242424242',
) {
  const started = await world.t.app.inject({
    method: 'POST',
    url: '/api/v1/billing/checkout/stripe',
    headers,
    payload: { product_id: productId, price_id: priceId },
  });
  if (started.statusCode !== 200) throw new Error(`checkout: ${started.statusCode} ${started.body}`);
  const page = await fetch(started.json().url, {
    method: 'POST',
    body: new URLSearchParams({ card }),
    redirect: 'manual',
  });
  const location = page.headers.get('location');
  return {
    url: started.json().url as string,
    status: page.status,
    sessionId: location ? new URL(location).searchParams.get('session_id') : null,
    page,
  };
}

export async function confirmCard(
  world: BillingWorld,
  headers: Headers,
  productId: number,
  priceId: number,
  sessionId: string,
) {
  return world.t.app.inject({
    method: 'POST',
    url: '/api/v1/billing/checkout/stripe/done',
    headers,
    payload: { product_id: productId, price_id: priceId, session_id: sessionId },
  });
}

export async function newListener(world: BillingWorld) {
  const id = await createTestUser(world.t.deps, {});
  return { id, headers: await headersFor(world.t, id) };
}

/** Sends one of the Stripe peer's recorded events to the app, signed (or as given). */
export function sendStripeEvent(world: BillingWorld, body: string, signature?: string) {
  return world.t.app.inject({
    method: 'POST',
    url: '/api/v1/billing/webhooks/stripe',
    headers: {
      'content-type': 'application/json',
      ...(signature === undefined
        ? { 'stripe-signature': world.stripe.sign(body) }
        : signature
          ? { 'stripe-signature': signature }
          : {}),
    },
    payload: body,
  });
}

export function sendPaypalEvent(
  world: BillingWorld,
  delivery: { body: string; headers: Record<string, string> },
) {
  return world.t.app.inject({
    method: 'POST',
    url: '/api/v1/billing/webhooks/paypal',
    headers: { 'content-type': 'application/json', ...delivery.headers },
    payload: delivery.body,
  });
}

/**
 * Waits until the webhook job applied every stored event (the webhook answers before that): the
 * queue drained and no event pending. A retry waiting for its backoff is waited for too.
 */
export async function settleWebhooks(world: BillingWorld, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await world.t.app.jobs.drain();
    const pending = await world.t.app.services.billing.webhooks.pendingCount();
    if (pending === 0) return;
    if (Date.now() > deadline) throw new Error(`${pending} webhook events still pending`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * A proxy in front of the Stripe peer that answers 503 to subscription reads while `isDown` (a
 * provider outage during the webhook job), holds them while `hold` is set (a job caught mid-read)
 * and passes everything else through. Point the app at
 * `url` (startBillingWorld's `stripeApiBase`), then set `target` to the peer's url.
 */
export type StripeProxy = {
  target: string;
  isDown: boolean;
  refused: number;
  /** Subscription reads passed through to the peer. */
  reads: number;
  /** While set, subscription reads wait for it before they are passed through. */
  hold: Promise<void> | null;
  /** Subscription reads that found `hold` set. */
  held: number;
  url: string;
  close: () => Promise<void>;
};

export async function startStripeProxy(): Promise<StripeProxy> {
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const isRead = request.method === 'GET' && request.url?.startsWith('/v1/subscriptions/');
      if (proxy.isDown && isRead) {
        proxy.refused += 1;
        response.writeHead(503, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { type: 'api_error', message: 'down' } }));
        return;
      }
      if (isRead && proxy.hold) {
        proxy.held += 1;
        await proxy.hold;
      }
      if (isRead) proxy.reads += 1;
      const headers = Object.fromEntries(
        Object.entries(request.headers).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0] !== 'host',
        ),
      );
      const answer = await fetch(`${proxy.target}${request.url}`, {
        method: request.method,
        headers,
        body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
      });
      response.writeHead(answer.status, {
        'content-type': answer.headers.get('content-type') ?? 'text/plain',
      });
      response.end(Buffer.from(await answer.arrayBuffer()));
    });
  });
  const proxy: StripeProxy = {
    target: '',
    isDown: false,
    refused: 0,
    reads: 0,
    hold: null,
    held: 0,
    url: '',
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return proxy;
}

/** A user's subscriptions and their invoices, as stored: what a webhook test checks after applying. */
export async function subscriptionState(world: BillingWorld, userId: number) {
  const db = world.t.deps.db;
  const subscriptions = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .execute();
  const invoices = await db
    .selectFrom('invoices')
    .innerJoin('subscriptions', 'subscriptions.id', 'invoices.subscription_id')
    .selectAll('invoices')
    .where('subscriptions.user_id', '=', userId)
    .execute();
  return { subscriptions, invoices };
}

/** The types of a user's notifications, oldest first. */
export async function notificationTypesOf(world: BillingWorld, userId: number): Promise<string[]> {
  const rows = await world.t.deps.db
    .selectFrom('notifications')
    .select('type')
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => row.type);
}
