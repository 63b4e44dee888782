import { ZMessageResponseSchema } from '@cadence/contracts/auth';
import { ZIdParamsSchema } from '@cadence/contracts/catalogue';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import {
  ZSimilarArtistsQuerySchema,
  ZSimilarArtistsRecomputeSchema,
  ZSimilarArtistsResponseSchema,
} from '@cadence/contracts/radio';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createSimilarArtistsService, SIMILAR_ARTISTS_JOB } from './similar-artists.service';

export const similarArtistsRoutes: FastifyPluginAsyncZod = async (app) => {
  const similar = createSimilarArtistsService(app.deps.db);
  app.jobs.register(SIMILAR_ARTISTS_JOB, async (payload) => {
    await similar.recompute(ZSimilarArtistsRecomputeSchema.parse(payload));
  });

  app.get(
    '/api/v1/artists/:id/similar',
    {
      config: { access: { permission: 'music.view' } },
      schema: {
        tags: ['artists'],
        summary: 'Artists that share genres, tags and listeners with this one (computed by a job)',
        params: ZIdParamsSchema,
        querystring: ZSimilarArtistsQuerySchema,
        response: {
          200: ZSimilarArtistsResponseSchema,
          404: ZErrorEnvelopeSchema,
          422: ZErrorEnvelopeSchema,
        },
      },
    },
    async (request) => similar.list(request.params.id, request.query.perPage),
  );

  app.post(
    '/api/v1/similar-artists/recompute',
    {
      config: { access: { permission: 'artists.update' } },
      schema: {
        tags: ['artists'],
        summary: 'Queue the similar-artists job for one artist or for all',
        body: ZSimilarArtistsRecomputeSchema,
        response: {
          202: ZMessageResponseSchema,
          401: ZErrorEnvelopeSchema,
          403: ZErrorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const { artistId } = request.body;
      await app.jobs.enqueue(
        SIMILAR_ARTISTS_JOB,
        { artistId },
        // One lane: "all" and one artist side by side would replace the same artist's rows in two
        // transactions at once (a unique-key failure and a retry at best).
        { jobId: artistId ? String(artistId) : 'all', lane: SIMILAR_ARTISTS_JOB },
      );
      return reply.code(202).send({ message: 'Similar artists will be recomputed.' });
    },
  );
};
