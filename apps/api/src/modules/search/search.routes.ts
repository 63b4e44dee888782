import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import {
  ZSearchQuerySchema,
  ZSearchResponseSchema,
  ZSuggestionsQuerySchema,
  ZSuggestionsResponseSchema,
} from '@cadence/contracts/search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCataloguePage } from '../catalogue/catalogue-reply';
import { createSearchService } from './search.service';

/**
 * Search answers are the same for everyone past music.view (public items only), so they are kept
 * in the catalogue cache under one stamp that every catalogue write drops (catalogue-invalidation.ts):
 * a typeahead asks the same prefixes again and again, and an uncached answer costs up to 14
 * statements. Play counts in the cards may be up to CATALOGUE_CACHE_SECONDS old, as on channels.
 */
const SEARCH_PAGE = { kind: 'search' } as const;

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
    async (request, reply) =>
      sendCataloguePage(reply, app.services.catalogue, SEARCH_PAGE, { search: request.query }, async () => ({
        body: await search.search(request.query),
        isShared: true,
      })),
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
    async (request, reply) =>
      sendCataloguePage(
        reply,
        app.services.catalogue,
        SEARCH_PAGE,
        { suggestions: request.query },
        async () => ({ body: await search.suggestions(request.query), isShared: true }),
      ),
  );
};
