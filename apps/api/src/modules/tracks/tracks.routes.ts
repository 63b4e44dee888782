import { ZMessageResponseSchema } from '@cadence/contracts/auth';
import { ZIdParamsSchema } from '@cadence/contracts/catalogue';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import { paginationSchema } from '@cadence/contracts/pagination';
import {
  ZTrackCreateSchema,
  ZTrackListQuerySchema,
  ZTrackResponseSchema,
  ZTrackSchema,
  ZTrackShowQuerySchema,
  ZTrackUpdateSchema,
} from '@cadence/contracts/track';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth/actor';
import { includeOf } from '../catalogue/catalogue-list';
import { sendCataloguePage } from '../catalogue/catalogue-reply';
import { createTracksService } from './tracks.service';

const errors = {
  401: ZErrorEnvelopeSchema,
  403: ZErrorEnvelopeSchema,
  404: ZErrorEnvelopeSchema,
  422: ZErrorEnvelopeSchema,
};

export const tracksRoutes: FastifyPluginAsyncZod = async (app) => {
  const tracks = createTracksService(app.deps.db, app.services.workspaces);

  app.get(
    '/api/v1/tracks',
    {
      config: { access: { permission: 'music.view' } },
      schema: {
        tags: ['tracks'],
        summary: 'Public tracks, paginated (filters: artistId, albumId, genre, query)',
        querystring: ZTrackListQuerySchema,
        response: { 200: paginationSchema(ZTrackSchema), ...errors },
      },
    },
    async (request) => tracks.list(request.query),
  );

  app.get(
    '/api/v1/tracks/:id',
    {
      config: { access: { permission: 'music.view' } },
      schema: {
        tags: ['tracks'],
        summary: 'One track (private tracks only for their owner and editors)',
        params: ZIdParamsSchema,
        querystring: ZTrackShowQuerySchema,
        response: { 200: ZTrackResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendCataloguePage(
        reply,
        app.services.catalogue,
        { kind: 'track', id: request.params.id },
        request.query,
        async () => {
          const track = await tracks.show(actorOf(request), request.params.id, includeOf(request.query));
          // A private track is shown to its owner, its artists' managers and editors only.
          return { body: { track }, isShared: track.visibility !== 'private' };
        },
      ),
  );

  app.post(
    '/api/v1/tracks',
    {
      config: { access: { permission: ['music.create', 'tracks.create'] } },
      schema: {
        tags: ['tracks'],
        summary: 'Create a track (music.create; credited artists must be managed unless artist_selection)',
        body: ZTrackCreateSchema,
        response: { 201: ZTrackResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ track: await tracks.create(actorOf(request), request.body) }),
  );

  app.put(
    '/api/v1/tracks/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['tracks'],
        summary: 'Update a track (owner, artist manager, or music.update)',
        params: ZIdParamsSchema,
        body: ZTrackUpdateSchema,
        response: { 200: ZTrackResponseSchema, ...errors },
      },
    },
    async (request) => ({ track: await tracks.update(actorOf(request), request.params.id, request.body) }),
  );

  app.delete(
    '/api/v1/tracks/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['tracks'],
        summary: 'Delete a track (owner, artist manager, or music.delete)',
        params: ZIdParamsSchema,
        response: { 200: ZMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await tracks.remove(actorOf(request), request.params.id);
      return { message: 'Track deleted.' };
    },
  );
};
