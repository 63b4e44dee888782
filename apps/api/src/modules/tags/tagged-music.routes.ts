import { ZAlbumSchema } from '@cadence/contracts/album';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import { ZUserListQuerySchema } from '@cadence/contracts/library';
import { paginationSchema } from '@cadence/contracts/pagination';
import { ZTagNameParamsSchema } from '@cadence/contracts/tag';
import { ZTrackSchema } from '@cadence/contracts/track';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createTaggedMusicService } from './tagged-music.service';

const errors = { 403: ZErrorEnvelopeSchema, 404: ZErrorEnvelopeSchema, 422: ZErrorEnvelopeSchema };

/** `/tag/{tagName}/tracks` and `/albums` of the player: the tracks or albums with a tag. */
export const taggedMusicRoutes: FastifyPluginAsyncZod = async (app) => {
  const tagged = createTaggedMusicService(app.deps.db);
  const schema = { tags: ['tags'], params: ZTagNameParamsSchema, querystring: ZUserListQuerySchema };
  app.get(
    '/api/v1/tags/:name/tracks',
    {
      config: { access: { permission: 'music.view' } },
      schema: {
        ...schema,
        summary: 'Tracks with the tag, most played first',
        response: { 200: paginationSchema(ZTrackSchema), ...errors },
      },
    },
    async (request) => tagged.tracks(request.params.name, request.user?.id ?? null, request.query),
  );
  app.get(
    '/api/v1/tags/:name/albums',
    {
      config: { access: { permission: 'music.view' } },
      schema: {
        ...schema,
        summary: 'Albums with the tag, most played first',
        response: { 200: paginationSchema(ZAlbumSchema), ...errors },
      },
    },
    async (request) => tagged.albums(request.params.name, request.query),
  );
};
