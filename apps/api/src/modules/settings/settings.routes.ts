import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import {
  ZSaveSettingsResponseSchema,
  ZSettingsPayloadSchema,
  ZSettingsResponseSchema,
} from '@cadence/contracts/settings-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { settings } = app.services;

  app.get(
    '/api/v1/settings',
    {
      config: { access: { permission: 'settings.view' } },
      schema: {
        tags: ['settings'],
        summary: 'All settings for the admin area (secrets masked)',
        response: { 200: ZSettingsResponseSchema, 401: ZErrorEnvelopeSchema, 403: ZErrorEnvelopeSchema },
      },
    },
    async () => settings.adminView(),
  );

  app.post(
    '/api/v1/settings',
    {
      config: { access: { permission: 'settings.update' } },
      schema: {
        tags: ['settings'],
        summary: 'Save changed settings',
        body: ZSettingsPayloadSchema,
        response: { 200: ZSaveSettingsResponseSchema, 422: ZErrorEnvelopeSchema },
      },
    },
    async (request) => {
      const { changed } = await settings.save(request.body);
      return { message: 'Settings saved.', changed };
    },
  );
};
