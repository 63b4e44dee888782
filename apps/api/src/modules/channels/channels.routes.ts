import {
  ZChannelListQuerySchema,
  ZChannelListResponseSchema,
  ZChannelPayloadSchema,
  ZChannelQuerySchema,
  ZChannelResponseSchema,
  ZChannelSavedResponseSchema,
} from '@cadence/contracts/channel';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createChannelAdminService } from './channel-admin.service';
import { createChannelContentService } from './channel-content.service';

const errors = {
  401: ZErrorEnvelopeSchema,
  403: ZErrorEnvelopeSchema,
  404: ZErrorEnvelopeSchema,
  422: ZErrorEnvelopeSchema,
};
const ZIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const ZIdsParamsSchema = z.object({
  ids: z
    .string()
    .max(1000)
    .regex(/^\d{1,15}(,\d{1,15})*$/, 'Give channel ids separated by commas.')
    .transform((value) => value.split(',').map(Number)),
});

export const channelsRoutes: FastifyPluginAsyncZod = async (app) => {
  const content = createChannelContentService(app.deps.db);
  const admin = createChannelAdminService(app.deps.db);

  app.get(
    '/api/v1/channel/:slugOrId',
    {
      config: { access: { permission: 'music.view' } },
      schema: {
        tags: ['channels'],
        summary: 'A channel with a page of its content (`restriction` filters by genre or tag name)',
        params: z.object({ slugOrId: z.string().trim().min(1).max(120) }),
        querystring: ZChannelQuerySchema,
        response: { 200: ZChannelResponseSchema, ...errors },
      },
    },
    async (request) => content.show(request.params.slugOrId, request.query),
  );

  app.get(
    '/api/v1/channels',
    {
      config: { access: { permission: 'channels.view' } },
      schema: {
        tags: ['channels'],
        summary: 'Channels for the admin area',
        querystring: ZChannelListQuerySchema,
        response: { 200: ZChannelListResponseSchema, ...errors },
      },
    },
    async (request) => admin.list(request.query),
  );

  app.post(
    '/api/v1/channels',
    {
      config: { access: { permission: 'channels.create' } },
      schema: {
        tags: ['channels'],
        summary: 'Create a channel (manual content in `content`)',
        body: ZChannelPayloadSchema,
        response: { 201: ZChannelSavedResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ channel: await admin.create(request.body, request.user?.id ?? null) }),
  );

  app.put(
    '/api/v1/channels/:id',
    {
      config: { access: { permission: 'channels.update' } },
      schema: {
        tags: ['channels'],
        summary: 'Update a channel; `content`, when given, replaces the manual list',
        params: ZIdParamsSchema,
        body: ZChannelPayloadSchema,
        response: { 200: ZChannelSavedResponseSchema, ...errors },
      },
    },
    async (request) => ({ channel: await admin.update(request.params.id, request.body) }),
  );

  app.delete(
    '/api/v1/channels/:ids',
    {
      config: { access: { permission: 'channels.delete' } },
      schema: {
        tags: ['channels'],
        summary: 'Delete channels (comma-separated ids)',
        params: ZIdsParamsSchema,
        response: { 200: z.object({ deleted: z.number() }), ...errors },
      },
    },
    async (request) => ({ deleted: await admin.remove(request.params.ids) }),
  );
};
