import {
  ZAlbumCreateSchema,
  ZAlbumListQuerySchema,
  ZAlbumResponseSchema,
  ZAlbumSchema,
  ZAlbumShowQuerySchema,
  ZAlbumUpdateSchema,
} from '@cadence/contracts/album';
import { ZMessageResponseSchema } from '@cadence/contracts/auth';
import { ZIdParamsSchema } from '@cadence/contracts/catalogue';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import { paginationSchema } from '@cadence/contracts/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth/actor';
import { includeOf } from '../catalogue/catalogue-list';
import { sendCataloguePage } from '../catalogue/catalogue-reply';
import { createAlbumsService } from './albums.service';

const errors = {
  401: ZErrorEnvelopeSchema,
  403: ZErrorEnvelopeSchema,
  404: ZErrorEnvelopeSchema,
  422: ZErrorEnvelopeSchema,
};

export const albumsRoutes: FastifyPluginAsyncZod = async (app) => {
  const albums = createAlbumsService(app.deps.db, app.services.workspaces);

  app.get(
    '/api/v1/albums',
    {
      config: { access: { permission: 'music.view' } },
      schema: {
        tags: ['albums'],
        summary: 'Albums, paginated (filters: artistId, genre, query)',
        querystring: ZAlbumListQuerySchema,
        response: { 200: paginationSchema(ZAlbumSchema), ...errors },
      },
    },
    async (request) => albums.list(request.query),
  );

  app.get(
    '/api/v1/albums/:id',
    {
      config: { access: { permission: 'music.view' } },
      schema: {
        tags: ['albums'],
        summary: 'One album; `with=tracks` adds its tracks in order',
        params: ZIdParamsSchema,
        querystring: ZAlbumShowQuerySchema,
        response: { 200: ZAlbumResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendCataloguePage(
        reply,
        app.services.catalogue,
        { kind: 'album', id: request.params.id },
        request.query,
        async () => ({
          // Nothing in an album answer depends on the viewer past the route's music.view gate.
          body: { album: await albums.show(request.params.id, includeOf(request.query)) },
          isShared: true,
        }),
      ),
  );

  app.post(
    '/api/v1/albums',
    {
      config: { access: { permission: ['music.create', 'albums.create'] } },
      schema: {
        tags: ['albums'],
        summary: 'Create an album (music.create)',
        body: ZAlbumCreateSchema,
        response: { 201: ZAlbumResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ album: await albums.create(actorOf(request), request.body) }),
  );

  app.put(
    '/api/v1/albums/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['albums'],
        summary: 'Update an album (owner, artist manager, or music.update)',
        params: ZIdParamsSchema,
        body: ZAlbumUpdateSchema,
        response: { 200: ZAlbumResponseSchema, ...errors },
      },
    },
    async (request) => ({ album: await albums.update(actorOf(request), request.params.id, request.body) }),
  );

  app.delete(
    '/api/v1/albums/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['albums'],
        summary: 'Delete an album and its tracks (owner, artist manager, or music.delete)',
        params: ZIdParamsSchema,
        response: { 200: ZMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await albums.remove(actorOf(request), request.params.id);
      return { message: 'Album deleted.' };
    },
  );
};
