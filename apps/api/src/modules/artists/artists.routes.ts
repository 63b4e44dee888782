import {
  ZArtistCreateSchema,
  ZArtistListQuerySchema,
  ZArtistResponseSchema,
  ZArtistSchema,
  ZArtistShowQuerySchema,
  ZArtistUpdateSchema,
} from '@cadence/contracts/artist';
import { ZMessageResponseSchema } from '@cadence/contracts/auth';
import { ZIdParamsSchema } from '@cadence/contracts/catalogue';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import { paginationSchema } from '@cadence/contracts/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth/actor';
import { includeOf } from '../catalogue/catalogue-list';
import { sendCataloguePage } from '../catalogue/catalogue-reply';
import { createArtistsService } from './artists.service';

const errors = {
  401: ZErrorEnvelopeSchema,
  403: ZErrorEnvelopeSchema,
  404: ZErrorEnvelopeSchema,
  422: ZErrorEnvelopeSchema,
};

export const artistsRoutes: FastifyPluginAsyncZod = async (app) => {
  const artists = createArtistsService(app.deps.db);

  app.get(
    '/api/v1/artists',
    {
      config: { access: { permission: 'music.view' } },
      schema: {
        tags: ['artists'],
        summary: 'Artists, paginated (query filters by name)',
        querystring: ZArtistListQuerySchema,
        response: { 200: paginationSchema(ZArtistSchema), ...errors },
      },
    },
    async (request) => artists.list(request.query),
  );

  app.get(
    '/api/v1/artists/:id',
    {
      config: { access: { permission: 'music.view' } },
      schema: {
        tags: ['artists'],
        summary: 'One artist; `with=albums,top_tracks,genres,tags`',
        params: ZIdParamsSchema,
        querystring: ZArtistShowQuerySchema,
        response: { 200: ZArtistResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendCataloguePage(
        reply,
        app.services.catalogue,
        { kind: 'artist', id: request.params.id },
        request.query,
        async () => {
          const artist = await artists.show(actorOf(request), request.params.id, includeOf(request.query));
          // A disabled artist is shown to catalogue editors only.
          return { body: { artist }, isShared: !artist.disabled };
        },
      ),
  );

  app.post(
    '/api/v1/artists',
    {
      config: { access: { permission: ['artists.create', 'music.create'] } },
      schema: {
        tags: ['artists'],
        summary: 'Create an artist (artists.create, or music.create: the creator then manages it)',
        body: ZArtistCreateSchema,
        response: { 201: ZArtistResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ artist: await artists.create(actorOf(request), request.body) }),
  );

  app.put(
    '/api/v1/artists/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['artists'],
        summary: 'Update an artist (its managers, or artists.update / music.update)',
        params: ZIdParamsSchema,
        body: ZArtistUpdateSchema,
        response: { 200: ZArtistResponseSchema, ...errors },
      },
    },
    async (request) => ({
      artist: await artists.update(actorOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/v1/artists/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['artists'],
        summary: 'Delete an artist (artists.delete or music.delete)',
        params: ZIdParamsSchema,
        response: { 200: ZMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await artists.remove(actorOf(request), request.params.id);
      return { message: 'Artist deleted.' };
    },
  );
};
