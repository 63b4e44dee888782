import { ZWebhookReceivedSchema } from '@cadence/contracts/billing';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const responses = { 200: ZWebhookReceivedSchema, 400: ZErrorEnvelopeSchema, 404: ZErrorEnvelopeSchema };
/**
 * Providers send plain bodies and read a few bytes back: no (de)compression hooks, which cost
 * more than the endpoint's own work once the body is verified.
 */
const uncompressed = { compress: false, decompress: false } as const;

/**
 * Provider webhooks. The body stays the exact bytes received (a signature covers them), so this
 * plugin reads JSON as text; they are public and carry no session, hence no CSRF check applies.
 * A request verifies, stores the event once and queues it (webhooks.service.ts): the answer does
 * not wait for the event's effects; the job that applies it is bound by billing.plugin.ts.
 */
export const billingWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { billing } = app.services;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 512 * 1024 },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/api/v1/billing/webhooks/stripe',
    {
      ...uncompressed,
      config: { access: 'public' },
      schema: { tags: ['billing'], summary: 'Stripe events (signed)', response: responses },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      return billing.webhooks.stripe(
        String(request.body ?? ''),
        Array.isArray(signature) ? signature[0] : signature,
      );
    },
  );

  app.post(
    '/api/v1/billing/webhooks/paypal',
    {
      ...uncompressed,
      config: { access: 'public' },
      schema: { tags: ['billing'], summary: 'PayPal events (verified with PayPal)', response: responses },
    },
    async (request) => billing.webhooks.paypal(request.headers, String(request.body ?? '')),
  );
};
