import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripePeer, startStripePeer } from './stripe-peer';

let peer: StripePeer;
let stripe: Stripe;

beforeAll(async () => {
  peer = await startStripePeer({ secretKey: 'sk_test_peer', webhookSecret: 'whsec_peer' });
  const url = new URL(peer.url);
  stripe = new Stripe('sk_test_peer', {
    host: url.hostname,
    port: Number(url.port),
    protocol: 'http',
    maxNetworkRetries: 0,
  });
});
afterAll(() => peer.close());

describe('the Stripe peer, driven by the official SDK', () => {
  it('sells a subscription through a hosted checkout page and signs its webhooks', async () => {
    const product = await stripe.products.create({ name: 'Pro' });
    const price = await stripe.prices.create({
      product: product.id,
      unit_amount: 800,
      currency: 'usd',
      recurring: { interval: 'month', interval_count: 1 },
    });
    const customer = await stripe.customers.create({ email: 'a@example.com' });
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'subscription',
        customer: customer.id,
        line_items: [{ price: price.id, quantity: 1 }],
        success_url: 'http://app/done?s={CHECKOUT_SESSION_ID}',
        cancel_url: 'http://app/',
      },
      { idempotencyKey: 'k1' },
    );
    const again = await stripe.checkout.sessions.create(
      {
        mode: 'subscription',
        customer: customer.id,
        line_items: [{ price: price.id, quantity: 1 }],
        success_url: 'http://app/x',
        cancel_url: 'http://app/',
      },
      { idempotencyKey: 'k1' },
    );
    expect(again.id).toBe(session.id);

    const declined = await fetch(session.url as string, {
      method: 'POST',
      body: new URLSearchParams({ card: '4000000000000002' }),
    });
    expect(await declined.text()).toContain('Your card was declined.');
    const paid = await fetch(session.url as string, {
      method: 'POST',
      body: new URLSearchParams({ card: '4242424242424242' }),
      redirect: 'manual',
    });
    expect(paid.headers.get('location')).toBe(`http://app/done?s=${session.id}`);

    const done = await stripe.checkout.sessions.retrieve(session.id);
    expect(done.status).toBe('complete');
    const subscription = await stripe.subscriptions.retrieve(done.subscription as string, {
      expand: ['default_payment_method'],
    });
    expect(subscription.items.data[0]?.price.id).toBe(price.id);
    expect((subscription.default_payment_method as Stripe.PaymentMethod).card?.last4).toBe('4242');

    const event = peer.events.find((e) => e.type === 'invoice.paid');
    const body = JSON.stringify(event);
    expect(stripe.webhooks.constructEvent(body, peer.sign(body), 'whsec_peer').id).toBe(event?.id);
    expect(() =>
      stripe.webhooks.constructEvent(
        body,
        peer.sign(body, Math.floor(Date.now() / 1000) - 301),
        'whsec_peer',
      ),
    ).toThrow();

    const preview = await stripe.invoices.createPreview({
      customer: customer.id,
      subscription: subscription.id,
      subscription_details: { items: [{ id: subscription.items.data[0]?.id, price: price.id }] },
    });
    expect(Number.isInteger(preview.amount_due)).toBe(true);
    const cancelled = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(cancelled.cancel_at_period_end).toBe(true);
  });

  it('answers unknown objects with Stripe errors the SDK raises', async () => {
    await expect(stripe.checkout.sessions.retrieve('cs_forged')).rejects.toMatchObject({ statusCode: 404 });
    const wrongKey = new Stripe('sk_wrong', {
      host: '127.0.0.1',
      port: Number(new URL(peer.url).port),
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    await expect(wrongKey.products.create({ name: 'x' })).rejects.toMatchObject({ statusCode: 401 });
    await expect(wrongKey.balance.retrieve()).rejects.toMatchObject({ type: 'StripeAuthenticationError' });
    expect(await stripe.balance.retrieve()).toMatchObject({ object: 'balance', livemode: false });
  });
});
