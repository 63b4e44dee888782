import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import {
  ZSearchQuerySchema,
  ZSearchResponseSchema,
  ZSuggestionsQuerySchema,
  ZSuggestionsResponseSchema,
} from '@cadence/contracts/search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createSearchService } from './search.service';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const search = createSearchService(app.deps.db);

  app.get(
    '/api/v1/search',
    {
      config: { access: { permission: 'music.view' } },
      schema: {
        tags: ['search'],
        summary: 'Ranked full-text and typo-tolerant search over every tab (or the `types` asked)',
        querystring: ZSearchQuerySchema,
        response: {
          200: ZSearchResponseSchema,
          401: ZErrorEnvelopeSchema,
          403: ZErrorEnvelopeSchema,
          422: ZErrorEnvelopeSchema,
        },
      },
    },
    async (request) => search.search(request.query),
  );

  app.get(
    '/api/v1/search/suggestions',
    {
      config: { access: { permission: 'music.view' } },
      schema: {
        tags: ['search'],
        summary: 'Typeahead: the best artists, tracks and albums for what is typed so far',
        querystring: ZSuggestionsQuerySchema,
        response: {
          200: ZSuggestionsResponseSchema,
          401: ZErrorEnvelopeSchema,
          403: ZErrorEnvelopeSchema,
          422: ZErrorEnvelopeSchema,
        },
      },
    },
    async (request) => search.suggestions(request.query),
  );
};
