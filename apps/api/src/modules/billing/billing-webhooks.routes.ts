import { ZWebhookReceivedSchema } from '@cadence/contracts/billing';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const responses = { 200: ZWebhookReceivedSchema, 400: ZErrorEnvelopeSchema, 404: ZErrorEnvelopeSchema };

/**
 * Provider webhooks. The body stays the exact bytes received (a signature covers them), so this
 * plugin reads JSON as text; they are public and carry no session, hence no CSRF check applies.
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
      config: { access: 'public' },
      schema: { tags: ['billing'], summary: 'PayPal events (verified with PayPal)', response: responses },
    },
    async (request) => billing.webhooks.paypal(request.headers, String(request.body ?? '')),
  );
};
