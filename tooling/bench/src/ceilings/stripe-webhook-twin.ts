import Fastify from 'fastify';
import Stripe from 'stripe';

/**
 * The billing-webhooks twin: the api's Stripe webhook endpoint minus everything but the
 * signature check. Same Fastify, same raw-text body parser, the official SDK's
 * `constructEvent` with the api's 300 s tolerance, the same answer; no database, no provider call.
 */
const secret = process.env.STRIPE_WEBHOOK_SECRET ?? '';
const stripe = new Stripe(process.env.STRIPE_SECRET ?? 'sk_test_twin');
const app = Fastify({ bodyLimit: 512 * 1024 });
app.removeContentTypeParser('application/json');
app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
  done(null, body),
);

app.get('/', async () => ({ ok: true }));
app.post('/webhook', async (request, reply) => {
  const signature = request.headers['stripe-signature'];
  try {
    stripe.webhooks.constructEvent(String(request.body ?? ''), String(signature ?? ''), secret, 300);
  } catch {
    return reply.code(400).send({ message: 'The webhook signature is not valid.' });
  }
  return { received: true, duplicate: false };
});

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
await app.listen({ port, host });
