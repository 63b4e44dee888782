import { ZIdParamsSchema } from '@cadence/contracts/catalogue';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import { ZFollowUserSchema, ZUserListQuerySchema } from '@cadence/contracts/library';
import { paginationSchema } from '@cadence/contracts/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/http/app-error';
import { findEnabledArtistId } from '../artists/artists.repository';
import { createLibraryService } from './library.service';

/** The followers tab of an artist page (users' own followers are `users/{id}/followers`). */
export const artistFollowersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const library = createLibraryService(db);
  app.get(
    '/api/v1/artists/:id/followers',
    {
      config: { access: { permission: 'users.view' } },
      schema: {
        tags: ['artists'],
        summary: 'Users who follow the artist, newest first',
        params: ZIdParamsSchema,
        querystring: ZUserListQuerySchema,
        response: {
          200: paginationSchema(ZFollowUserSchema),
          403: ZErrorEnvelopeSchema,
          404: ZErrorEnvelopeSchema,
          422: ZErrorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const artistId = await findEnabledArtistId(db, request.params.id);
      if (artistId === undefined) throw new AppError('not_found', 'Artist not found.');
      return library.followers('artist', artistId, request.query);
    },
  );
};
