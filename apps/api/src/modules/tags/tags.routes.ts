import { ZMessageResponseSchema } from '@cadence/contracts/auth';
import { ZIdParamsSchema } from '@cadence/contracts/catalogue';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import { paginationSchema } from '@cadence/contracts/pagination';
import {
  ZTagCreateSchema,
  ZTagListQuerySchema,
  ZTagResponseSchema,
  ZTagSchema,
  ZTagUpdateSchema,
} from '@cadence/contracts/tag';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createTagsService } from './tags.service';

const errors = {
  401: ZErrorEnvelopeSchema,
  403: ZErrorEnvelopeSchema,
  404: ZErrorEnvelopeSchema,
  422: ZErrorEnvelopeSchema,
};

export const tagsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = createTagsService(app.deps.db);

  app.get(
    '/api/v1/tags',
    {
      config: { access: { permission: 'tags.view' } },
      schema: {
        tags: ['tags'],
        summary: 'Tags, paginated',
        querystring: ZTagListQuerySchema,
        response: { 200: paginationSchema(ZTagSchema), ...errors },
      },
    },
    async (request) => tags.list(request.query),
  );

  app.post(
    '/api/v1/tags',
    {
      config: { access: { permission: 'tags.create' } },
      schema: {
        tags: ['tags'],
        summary: 'Create a tag',
        body: ZTagCreateSchema,
        response: { 201: ZTagResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send({ tag: await tags.create(request.body) }),
  );

  app.put(
    '/api/v1/tags/:id',
    {
      config: { access: { permission: 'tags.update' } },
      schema: {
        tags: ['tags'],
        summary: 'Update a tag',
        params: ZIdParamsSchema,
        body: ZTagUpdateSchema,
        response: { 200: ZTagResponseSchema, ...errors },
      },
    },
    async (request) => ({ tag: await tags.update(request.params.id, request.body) }),
  );

  app.delete(
    '/api/v1/tags/:id',
    {
      config: { access: { permission: 'tags.delete' } },
      schema: {
        tags: ['tags'],
        summary: 'Delete a tag',
        params: ZIdParamsSchema,
        response: { 200: ZMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await tags.delete(request.params.id);
      return { message: 'Tag deleted.' };
    },
  );
};
