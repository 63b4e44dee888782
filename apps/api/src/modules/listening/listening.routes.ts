import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import {
  ZListeningSettingsPayloadSchema,
  ZListeningSettingsResponseSchema,
} from '@cadence/contracts/transcoding';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth/access';
import { rememberListenerLimits } from './listening-limits';
import { findListeningSettings, saveListeningSettings } from './listening-settings.repository';

const errors = { 401: ZErrorEnvelopeSchema, 403: ZErrorEnvelopeSchema, 422: ZErrorEnvelopeSchema };
const tags = ['account'];

/** Account settings' "Playback" section: transcoding limit and format, loudness, crossfade. */
export const listeningRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, cache } = app.deps;

  app.get(
    '/api/v1/account/listening',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Your listening settings: highest bitrate, transcode format, loudness levelling, crossfade',
        response: { 200: ZListeningSettingsResponseSchema, ...errors },
      },
    },
    async (request) => ({ settings: await findListeningSettings(db, requireUser(request).id) }),
  );

  app.put(
    '/api/v1/account/listening',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Change some of your listening settings (the others stay)',
        body: ZListeningSettingsPayloadSchema,
        response: { 200: ZListeningSettingsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const userId = requireUser(request).id;
      const settings = { ...(await findListeningSettings(db, userId)), ...request.body };
      await saveListeningSettings(db, userId, settings);
      await rememberListenerLimits(cache, userId, settings);
      return { settings };
    },
  );
};
