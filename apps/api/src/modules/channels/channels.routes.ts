import { ZIdParamsSchema } from '@cadence/contracts/catalogue';
import {
  ZChannelDeleteResponseSchema,
  ZChannelEditResponseSchema,
  ZChannelIdsParamsSchema,
  ZChannelListQuerySchema,
  ZChannelListResponseSchema,
  ZChannelPayloadSchema,
  ZChannelPlacementSchema,
  ZChannelPresetParamsSchema,
  ZChannelPresetResponseSchema,
  ZChannelPreviewQuerySchema,
  ZChannelPreviewSchema,
  ZChannelQuerySchema,
  ZChannelRefParamsSchema,
  ZChannelResponseSchema,
  ZChannelSavedResponseSchema,
  ZChannelSlugOrIdParamsSchema,
} from '@cadence/contracts/channel';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/http/app-error';
import { audit } from '../admin-catalogue/audit';
import { sendCataloguePage } from '../catalogue/catalogue-reply';
import { createChannelAdminService } from './channel-admin.service';
import { createChannelContentService } from './channel-content.service';
import { placeChannel, placementOf } from './channel-placement';
import { applyPreset } from './channel-presets';
import { findChannel } from './channels.repository';

const errors = {
  401: ZErrorEnvelopeSchema,
  403: ZErrorEnvelopeSchema,
  404: ZErrorEnvelopeSchema,
  422: ZErrorEnvelopeSchema,
};

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
        params: ZChannelSlugOrIdParamsSchema,
        querystring: ZChannelQuerySchema,
        response: { 200: ZChannelResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendCataloguePage(
        reply,
        app.services.catalogue,
        { kind: 'channels' },
        { channel: request.params.slugOrId, ...request.query },
        // A channel's content is the same for everyone who passed music.view.
        async () => ({ body: await content.show(request.params.slugOrId, request.query), isShared: true }),
      ),
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
    async (request, reply) => {
      const saved = await admin.create(request.body, request.user?.id ?? null);
      await audit(request, {
        action: 'channels.create',
        subject_type: 'channel',
        subject_ids: [saved.channel.id],
      });
      return reply.code(201).send(saved);
    },
  );

  app.post(
    '/api/v1/channels/preview',
    {
      config: { access: { permission: ['channels.create', 'channels.update'] } },
      schema: {
        tags: ['channels'],
        summary: "An unsaved channel's first page, as the player would show it (editor preview)",
        body: ZChannelPreviewSchema,
        querystring: ZChannelPreviewQuerySchema,
        response: { 200: ZChannelResponseSchema, ...errors },
      },
    },
    async (request) => content.preview(request.body, request.query.perPage),
  );

  app.post(
    '/api/v1/channels/presets/:preset',
    {
      config: { access: { permission: 'settings.update' } },
      schema: {
        tags: ['channels'],
        summary: 'Apply a preset (music streaming or music sharing): its channels, home page and sidebar',
        params: ZChannelPresetParamsSchema,
        response: { 200: ZChannelPresetResponseSchema, ...errors },
      },
    },
    async (request) => {
      const result = await applyPreset(app.deps.db, app.services.settings, request.params.preset);
      await audit(request, {
        action: 'channels.preset',
        subject_type: 'channel',
        subject_ids: [result.id],
        details: { preset: request.params.preset },
      });
      return result;
    },
  );

  app.put(
    '/api/v1/channels/:id/placement',
    {
      config: { access: { permission: 'settings.update' } },
      schema: {
        tags: ['channels'],
        summary: 'Show a channel as the home page and/or in the player sidebar',
        params: ZChannelRefParamsSchema,
        body: ZChannelPlacementSchema,
        response: { 200: ZChannelPlacementSchema.required(), ...errors },
      },
    },
    async (request) => {
      const row = await findChannel(app.deps.db, request.params.id);
      if (!row) throw new AppError('not_found', 'Channel not found.');
      await placeChannel(app.services.settings, row, request.body);
      await audit(request, {
        action: 'channels.place',
        subject_type: 'channel',
        subject_ids: [Number(row.id)],
        details: request.body,
      });
      return placementOf(app.services.settings, row.slug);
    },
  );

  app.get(
    '/api/v1/channels/:id',
    {
      config: { access: { permission: 'channels.update' } },
      schema: {
        tags: ['channels'],
        summary: 'One channel (by slug or id) with its manual list, for the editor',
        params: ZChannelRefParamsSchema,
        response: { 200: ZChannelEditResponseSchema, ...errors },
      },
    },
    async (request) => {
      const edit = await admin.forEdit(request.params.id);
      return { ...edit, placement: await placementOf(app.services.settings, edit.channel.slug) };
    },
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
    async (request) => {
      const saved = await admin.update(request.params.id, request.body);
      await audit(request, {
        action: 'channels.update',
        subject_type: 'channel',
        subject_ids: [saved.channel.id],
      });
      return saved;
    },
  );

  app.delete(
    '/api/v1/channels/:ids',
    {
      config: { access: { permission: 'channels.delete' } },
      schema: {
        tags: ['channels'],
        summary: 'Delete channels (comma-separated ids)',
        params: ZChannelIdsParamsSchema,
        response: { 200: ZChannelDeleteResponseSchema, ...errors },
      },
    },
    async (request) => {
      const deleted = await admin.remove(request.params.ids);
      await audit(request, {
        action: 'channels.delete',
        subject_type: 'channel',
        subject_ids: request.params.ids,
      });
      return { deleted };
    },
  );
};
