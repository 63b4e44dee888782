import type Stripe from 'stripe';
import { GatewayError } from './gateway-types';
import { stripeCall as call } from './stripe-call';

/** Stripe's hosted pages: a subscription's checkout, and a new card's setup session. */
export function stripeHostedPages(stripe: Stripe) {
  return {
    /** The idempotency key makes a double-clicked pay button open one session, not two. */
    async startCheckout(input: {
      customerId: string;
      userId: number;
      priceGatewayId: string;
      successUrl: string;
      cancelUrl: string;
      idempotencyKey: string;
    }): Promise<{ id: string; url: string }> {
      const session = await call('checkout session', () =>
        stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            customer: input.customerId,
            client_reference_id: String(input.userId),
            line_items: [{ price: input.priceGatewayId, quantity: 1 }],
            subscription_data: { metadata: { user_id: String(input.userId) } },
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      if (!session.url) throw new GatewayError('Stripe: checkout session without a url');
      return { id: session.id, url: session.url };
    },

    retrieveSession: (id: string) =>
      call('checkout session read', () => stripe.checkout.sessions.retrieve(id)),

    async startPaymentMethodSetup(input: { customerId: string; successUrl: string; cancelUrl: string }) {
      const session = await call('setup session', () =>
        stripe.checkout.sessions.create({
          mode: 'setup',
          customer: input.customerId,
          currency: 'usd',
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        }),
      );
      if (!session.url) throw new GatewayError('Stripe: setup session without a url');
      return { url: session.url };
    },

    /** After a setup session: its card becomes the default of the customer and the subscription. */
    async adoptPaymentMethod(sessionId: string, customerId: string, subscriptionId: string | null) {
      const session = await call('setup session read', () =>
        stripe.checkout.sessions.retrieve(sessionId, { expand: ['setup_intent'] }),
      );
      const customer = typeof session.customer === 'string' ? session.customer : session.customer?.id;
      if (session.mode !== 'setup' || session.status !== 'complete' || customer !== customerId) return false;
      const intent = session.setup_intent as Stripe.SetupIntent | null;
      const method =
        typeof intent?.payment_method === 'string' ? intent.payment_method : intent?.payment_method?.id;
      if (!method) return false;
      await call('customer update', () =>
        stripe.customers.update(customerId, { invoice_settings: { default_payment_method: method } }),
      );
      if (subscriptionId) {
        await call('subscription update', () =>
          stripe.subscriptions.update(subscriptionId, { default_payment_method: method }),
        );
      }
      return true;
    },
  };
}
