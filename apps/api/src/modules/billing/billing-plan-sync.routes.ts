import { ZProductAnswerSchema } from '@cadence/contracts/billing';
import { ZIdParamsSchema } from '@cadence/contracts/catalogue';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const errors = {
  401: ZErrorEnvelopeSchema,
  403: ZErrorEnvelopeSchema,
  404: ZErrorEnvelopeSchema,
  503: ZErrorEnvelopeSchema,
};

/** "Sync now" in /admin/plans: a plan the providers do not know is pushed to each enabled one. */
export const billingPlanSyncRoutes: FastifyPluginAsyncZod = async (app) => {
  const { billing } = app.services;
  app.post(
    '/api/v1/billing/admin/products/:id/sync',
    {
      config: { access: { permission: 'plans.update' as const } },
      schema: {
        tags: ['billing admin'],
        summary: 'Sync a plan and its prices to each enabled provider',
        params: ZIdParamsSchema,
        response: { 200: ZProductAnswerSchema, ...errors },
      },
    },
    async (request) => ({ product: await billing.plans.syncOne(Number(request.params.id)) }),
  );
};
