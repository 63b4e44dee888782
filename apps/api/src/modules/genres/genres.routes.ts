import { ZMessageResponseSchema } from '@cadence/contracts/auth';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import {
  ZGenreCreateSchema,
  ZGenreListQuerySchema,
  ZGenreParamsSchema,
  ZGenreResponseSchema,
  ZGenreSchema,
  ZGenreUpdateSchema,
} from '@cadence/contracts/genre';
import { paginationSchema } from '@cadence/contracts/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createGenresService } from './genres.service';

const errors = {
  401: ZErrorEnvelopeSchema,
  403: ZErrorEnvelopeSchema,
  404: ZErrorEnvelopeSchema,
  409: ZErrorEnvelopeSchema,
  422: ZErrorEnvelopeSchema,
};

export const genresRoutes: FastifyPluginAsyncZod = async (app) => {
  const genres = createGenresService(app.deps.db);

  app.get(
    '/api/v1/genres',
    {
      config: { access: { permission: 'music.view' } },
      schema: {
        tags: ['genres'],
        summary: 'Genres, most popular first by default',
        querystring: ZGenreListQuerySchema,
        response: { 200: paginationSchema(ZGenreSchema), ...errors },
      },
    },
    async (request) => genres.list(request.query),
  );

  app.get(
    '/api/v1/genres/:name',
    {
      config: { access: { permission: 'music.view' } },
      schema: {
        tags: ['genres'],
        summary: 'One genre by its name key, with artist, album and track counts',
        params: ZGenreParamsSchema,
        response: { 200: ZGenreResponseSchema, ...errors },
      },
    },
    async (request) => ({ genre: await genres.show(request.params.name) }),
  );

  app.post(
    '/api/v1/genres',
    {
      config: { access: { permission: 'genres.create' } },
      schema: {
        tags: ['genres'],
        summary: 'Create a genre',
        body: ZGenreCreateSchema,
        response: { 201: ZGenreResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send({ genre: await genres.create(request.body) }),
  );

  app.put(
    '/api/v1/genres/:name',
    {
      config: { access: { permission: 'genres.update' } },
      schema: {
        tags: ['genres'],
        summary: 'Update a genre (addressed by name, or by numeric id)',
        params: ZGenreParamsSchema,
        body: ZGenreUpdateSchema,
        response: { 200: ZGenreResponseSchema, ...errors },
      },
    },
    async (request) => ({ genre: await genres.update(request.params.name, request.body) }),
  );

  app.delete(
    '/api/v1/genres/:name',
    {
      config: { access: { permission: 'genres.delete' } },
      schema: {
        tags: ['genres'],
        summary: 'Delete a genre (addressed by name, or by numeric id)',
        params: ZGenreParamsSchema,
        response: { 200: ZMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await genres.remove(request.params.name);
      return { message: 'Genre deleted.' };
    },
  );
};
