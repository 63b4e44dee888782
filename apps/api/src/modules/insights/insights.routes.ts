import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import { ZInsightsParamsSchema, ZInsightsQuerySchema, ZInsightsSchema } from '@cadence/contracts/insights';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createInsightsService } from './insights.service';

const errors = {
  401: ZErrorEnvelopeSchema,
  403: ZErrorEnvelopeSchema,
  404: ZErrorEnvelopeSchema,
  422: ZErrorEnvelopeSchema,
};

/** Insights of a track, album or artist (its managers, or catalogue editors), from the daily roll-ups. */
export const insightsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createInsightsService(app.deps.db);
  app.get(
    '/api/v1/insights/:subject/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['insights'],
        summary: 'Plays, listeners, locations, devices, sources, likes and reposts vs the previous range',
        params: ZInsightsParamsSchema,
        querystring: ZInsightsQuerySchema,
        response: { 200: ZInsightsSchema, ...errors },
      },
    },
    async (request) => service.insights(request, request.params, request.query),
  );
};
