import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import {
  type TValueListName,
  ZValueListNamesParamsSchema,
  ZValueListsResponseSchema,
} from '@cadence/contracts/value-lists';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const valueListsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/value-lists/:names',
    {
      config: { access: 'public' },
      schema: {
        tags: ['value-lists'],
        summary: 'Timezones grouped by region, countries and localizations (comma-separated names)',
        params: ZValueListNamesParamsSchema,
        response: { 200: ZValueListsResponseSchema, 422: ZErrorEnvelopeSchema },
      },
    },
    async (request) => app.services.valueLists.lists(request.params.names as TValueListName[]),
  );
};
