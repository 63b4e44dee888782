import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import { ZOfflineCollectionParamsSchema, ZOfflineManifestResponseSchema } from '@cadence/contracts/offline';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth/actor';
import { createAlbumsService } from '../albums/albums.service';
import { createPlaylistsService } from '../playlists/playlists.service';
import { createOfflineService } from './offline.service';

const errors = {
  401: ZErrorEnvelopeSchema,
  403: ZErrorEnvelopeSchema,
  404: ZErrorEnvelopeSchema,
  422: ZErrorEnvelopeSchema,
};

export const offlineRoutes: FastifyPluginAsyncZod = async (app) => {
  const offline = createOfflineService(
    createAlbumsService(app.deps.db, app.services.workspaces),
    createPlaylistsService(app.deps.db),
  );

  app.get(
    '/api/v1/offline/:type/:id',
    {
      config: { access: { permission: 'music.download' } },
      schema: {
        tags: ['offline'],
        summary: 'The tracks and images of an album or playlist to keep for offline listening',
        params: ZOfflineCollectionParamsSchema,
        response: { 200: ZOfflineManifestResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return {
        manifest: await offline.manifest(actorOf(request), request.params.type, request.params.id),
      };
    },
  );
};
