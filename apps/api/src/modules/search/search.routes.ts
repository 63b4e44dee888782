import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import {
  ZSearchQuerySchema,
  ZSearchResponseSchema,
  ZSuggestionsQuerySchema,
  ZSuggestionsResponseSchema,
} from '@cadence/contracts/search';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createSearchService } from './search.service';

/**
 * Search answers are the same for everyone past music.view (public items only), so they are kept
 * in the catalogue cache under one stamp that every catalogue write drops (catalogue-invalidation.ts):
 * a typeahead asks the same prefixes again and again, and an uncached answer costs up to 14
 * statements. Play counts in the cards may be up to CATALOGUE_CACHE_SECONDS old, as on channels.
 * Unlike the catalogue pages, a search answer reports no served stamp: the guest page cache keeps
 * no search page (one per query typed).
 */
const SEARCH_PAGE = { kind: 'search' } as const;

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const search = createSearchService(app.deps.db);

  /** The answer serialized by the route's own schema, from the cache when a search already made it. */
  async function sendCached(reply: FastifyReply, variant: object, answer: () => Promise<unknown>) {
    const json = await app.services.catalogue.read(
      SEARCH_PAGE,
      JSON.stringify(variant),
      async () => reply.serialize(await answer()) as string,
    );
    return reply.type('application/json; charset=utf-8').send(json);
  }

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
      sendCached(reply, { search: request.query }, () => search.search(request.query)),
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
      sendCached(reply, { suggestions: request.query }, () => search.suggestions(request.query)),
  );
};
