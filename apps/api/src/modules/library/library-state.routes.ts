import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import {
  ZFollowedIdsQuerySchema,
  ZLibraryStateResponseSchema,
  ZLikedIdsQuerySchema,
  ZRepostedIdsQuerySchema,
} from '@cadence/contracts/library-state';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth/access';
import * as libraryStateRepository from './library-state.repository';

const tags = ['library'];
const response = { 200: ZLibraryStateResponseSchema, 401: ZErrorEnvelopeSchema, 422: ZErrorEnvelopeSchema };

/**
 * "Which of these ids do I like / follow / have reposted": the like, follow and repost
 * buttons of one page ask once for all their ids instead of loading the whole library.
 */
export const libraryStateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/api/v1/users/me/liked-ids',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Which of the ids the user likes',
        querystring: ZLikedIdsQuerySchema,
        response,
      },
    },
    async (request) => ({
      ids: await libraryStateRepository.likedIds(
        db,
        requireUser(request).id,
        request.query.type,
        request.query.ids,
      ),
    }),
  );
  app.get(
    '/api/v1/users/me/followed-ids',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Which of the ids the user follows',
        querystring: ZFollowedIdsQuerySchema,
        response,
      },
    },
    async (request) => ({
      ids: await libraryStateRepository.followedIds(
        db,
        requireUser(request).id,
        request.query.type,
        request.query.ids,
      ),
    }),
  );
  app.get(
    '/api/v1/users/me/reposted-ids',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Which of the ids the user reposted',
        querystring: ZRepostedIdsQuerySchema,
        response,
      },
    },
    async (request) => ({
      ids: await libraryStateRepository.repostedIds(
        db,
        requireUser(request).id,
        request.query.type,
        request.query.ids,
      ),
    }),
  );
};
