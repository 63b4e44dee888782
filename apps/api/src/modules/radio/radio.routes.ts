import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import { ZRadioParamsSchema, ZRadioQuerySchema, ZRadioResponseSchema } from '@cadence/contracts/radio';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createRadioService } from './radio.service';

export const radioRoutes: FastifyPluginAsyncZod = async (app) => {
  const radio = createRadioService(app.deps.db);

  app.get(
    '/api/v1/radio/:seedType/:seedId',
    {
      config: { access: { permission: 'music.view' } },
      schema: {
        tags: ['radio'],
        summary: 'A radio queue from an artist, track, genre, playlist or user; refill with `exclude`',
        params: ZRadioParamsSchema,
        querystring: ZRadioQuerySchema,
        response: { 200: ZRadioResponseSchema, 404: ZErrorEnvelopeSchema, 422: ZErrorEnvelopeSchema },
      },
    },
    async (request) => radio.station(request.params.seedType, request.params.seedId, request.query),
  );
};
