import { ZAlbumSchema } from '@cadence/contracts/album';
import { ZArtistSchema } from '@cadence/contracts/artist';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import {
  ZBatchLikeBodySchema,
  ZBatchLikeResponseSchema,
  ZFollowBodySchema,
  ZFollowingItemSchema,
  ZFollowUserSchema,
  ZLikeBodySchema,
  ZRepostBodySchema,
  ZRepostItemSchema,
  ZToggleResponseSchema,
  ZUserListQuerySchema,
} from '@cadence/contracts/library';
import { MAX_BATCH_LIKES } from '@cadence/contracts/library-limits';
import { paginationSchema } from '@cadence/contracts/pagination';
import { ZHistoryItemSchema } from '@cadence/contracts/play';
import { ZPlaylistSchema } from '@cadence/contracts/playlist';
import { ZProfileResponseSchema, ZProfileUpdateSchema } from '@cadence/contracts/profile';
import { ZTrackSchema } from '@cadence/contracts/track';
import { type TUserIdParams, ZUserIdParamsSchema } from '@cadence/contracts/user';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { canAny, requireUser } from '../../platform/auth/access';
import { AppError } from '../../platform/http/app-error';
import { pageCounterChanged } from '../catalogue/catalogue-invalidation';
import { createPlaysService } from '../plays/plays.service';
import { createProfilesService } from '../profiles/profiles.service';
import { userExists } from '../users/user-refs.repository';
import { createLibraryService } from './library.service';
import type { TFollowableType, TLikeableType, TRepostableType } from './library.tables';
import { assertCanSeeTarget, assertCanSeeTracks } from './library-targets';

const errors = {
  401: ZErrorEnvelopeSchema,
  403: ZErrorEnvelopeSchema,
  404: ZErrorEnvelopeSchema,
  422: ZErrorEnvelopeSchema,
};
const tags = ['library'];

/** `me` is the signed-in user (401 for guests); numeric ids must name an existing user (404). */
export async function resolveUserId(
  request: FastifyRequest,
  db: FastifyRequest['server']['deps']['db'],
  id: TUserIdParams['id'],
) {
  if (id === 'me') return requireUser(request).id;
  if (!(await userExists(db, id))) throw new AppError('not_found', 'User not found.');
  return id;
}

export const libraryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const library = createLibraryService(db);
  const plays = createPlaysService(db, app.deps.cache);
  const profiles = createProfilesService(db);

  /** The toggle's answer once the page showing the item's count is dropped from the cache. */
  async function counted<T>(kind: string, ids: readonly number[], toggled: Promise<T>): Promise<T> {
    const answer = await toggled;
    await pageCounterChanged(db, kind, ids);
    return answer;
  }

  const toggles = [
    { path: 'likes', body: ZLikeBodySchema, noun: 'Like' },
    { path: 'reposts', body: ZRepostBodySchema, noun: 'Repost' },
    { path: 'follows', body: ZFollowBodySchema, noun: 'Follow' },
  ] as const;
  for (const toggle of toggles) {
    for (const method of ['post', 'delete'] as const) {
      app[method](
        `/api/v1/users/me/${toggle.path}`,
        {
          config: { access: 'user' },
          schema: {
            tags,
            summary: `${method === 'post' ? toggle.noun : `Undo ${toggle.noun.toLowerCase()}`} (idempotent; signed-in users)`,
            body: toggle.body,
            response: { 200: ZToggleResponseSchema, ...errors },
          },
        },
        async (request) => {
          const user = requireUser(request);
          const isOn = method === 'post';
          const body = request.body as Record<string, string | number>;
          if ('likeable_type' in body) {
            const [type, id] = [body.likeable_type as TLikeableType, body.likeable_id as number];
            if (isOn) await assertCanSeeTarget(request, type, id);
            return counted(type, [id], library.like(user.id, type, id, isOn));
          }
          if ('repostable_type' in body) {
            // Undoing stays possible when reposts are turned off: nobody is stuck with one.
            if (isOn && !(await app.services.settings.get('player.enable_repost')))
              throw new AppError('forbidden', 'Reposts are turned off.');
            const [type, id] = [body.repostable_type as TRepostableType, body.repostable_id as number];
            if (isOn) await assertCanSeeTarget(request, type, id);
            return counted(type, [id], library.repost(user.id, type, id, isOn));
          }
          const [type, id] = [body.followable_type as TFollowableType, body.followable_id as number];
          // Following yourself is a 422 before any lookup, as the service answers it.
          if (isOn && !(type === 'user' && id === user.id)) await assertCanSeeTarget(request, type, id);
          return counted(type, [id], library.follow(user.id, type, id, isOn));
        },
      );
    }
  }

  for (const method of ['post', 'delete'] as const) {
    app[method](
      '/api/v1/users/me/likes/batch',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: `${method === 'post' ? 'Like' : 'Unlike'} up to ${MAX_BATCH_LIKES} tracks at once (all or none; signed-in users)`,
          body: ZBatchLikeBodySchema,
          response: { 200: ZBatchLikeResponseSchema, ...errors },
        },
      },
      async (request) => {
        const user = requireUser(request);
        if (method === 'post') await assertCanSeeTracks(request, request.body.likeable_ids);
        const { likeable_ids: ids } = request.body;
        return counted('track', ids, library.likeTracks(user.id, ids, method === 'post'));
      },
    );
  }

  const userTab = { tags, params: ZUserIdParamsSchema, querystring: ZUserListQuerySchema };

  app.get(
    '/api/v1/users/:id/liked-tracks',
    {
      config: { access: { permission: 'users.view' } },
      schema: {
        ...userTab,
        summary: 'Liked tracks',
        response: { 200: paginationSchema(ZTrackSchema), ...errors },
      },
    },
    async (request) =>
      library.likedTracks(
        await resolveUserId(request, db, request.params.id),
        request.user?.id ?? null,
        request.query,
      ),
  );
  app.get(
    '/api/v1/users/:id/liked-albums',
    {
      config: { access: { permission: 'users.view' } },
      schema: {
        ...userTab,
        summary: 'Liked albums',
        response: { 200: paginationSchema(ZAlbumSchema), ...errors },
      },
    },
    async (request) =>
      library.likedAlbums(await resolveUserId(request, db, request.params.id), request.query),
  );
  app.get(
    '/api/v1/users/:id/liked-artists',
    {
      config: { access: { permission: 'users.view' } },
      schema: {
        ...userTab,
        summary: 'Liked artists',
        response: { 200: paginationSchema(ZArtistSchema), ...errors },
      },
    },
    async (request) =>
      library.likedArtists(await resolveUserId(request, db, request.params.id), request.query),
  );
  app.get(
    '/api/v1/users/:id/playlists',
    {
      config: { access: { permission: 'users.view' } },
      schema: {
        ...userTab,
        summary: "A user's own and collaborative playlists (private ones only for the user)",
        response: { 200: paginationSchema(ZPlaylistSchema), ...errors },
      },
    },
    async (request) =>
      library.playlists.ofUser(
        await resolveUserId(request, db, request.params.id),
        request.user?.id ?? null,
        request.query,
      ),
  );
  app.get(
    '/api/v1/users/:id/followers',
    {
      config: { access: { permission: 'users.view' } },
      schema: {
        ...userTab,
        summary: 'Followers',
        response: { 200: paginationSchema(ZFollowUserSchema), ...errors },
      },
    },
    async (request) =>
      library.followers('user', await resolveUserId(request, db, request.params.id), request.query),
  );
  app.get(
    '/api/v1/users/:id/following',
    {
      config: { access: { permission: 'users.view' } },
      schema: {
        ...userTab,
        summary: 'Followed users and artists',
        response: { 200: paginationSchema(ZFollowingItemSchema), ...errors },
      },
    },
    async (request) => library.following(await resolveUserId(request, db, request.params.id), request.query),
  );
  app.get(
    '/api/v1/users/:id/reposts',
    {
      config: { access: { permission: 'users.view' } },
      schema: {
        ...userTab,
        summary: 'Reposts',
        response: { 200: paginationSchema(ZRepostItemSchema), ...errors },
      },
    },
    async (request) =>
      library.reposts(
        await resolveUserId(request, db, request.params.id),
        request.user?.id ?? null,
        request.query,
      ),
  );
  app.get(
    '/api/v1/users/:id/history',
    {
      config: { access: 'public' },
      schema: {
        ...userTab,
        summary: 'Listening history, newest first (only the user, or users.update)',
        response: { 200: paginationSchema(ZHistoryItemSchema), ...errors },
      },
    },
    async (request) => {
      const userId = await resolveUserId(request, db, request.params.id);
      if (request.user?.id !== userId && !(await canAny(request, ['users.update']))) {
        throw new AppError(request.user ? 'forbidden' : 'unauthenticated');
      }
      return plays.history(userId, request.query);
    },
  );

  app.get(
    '/api/v1/users/:id/profile',
    {
      config: { access: { permission: 'users.view' } },
      schema: {
        tags,
        summary: 'Public profile with tab counts',
        params: ZUserIdParamsSchema,
        response: { 200: ZProfileResponseSchema, ...errors },
      },
    },
    async (request) => ({
      profile: await profiles.show(
        await resolveUserId(request, db, request.params.id),
        request.user?.id ?? null,
      ),
    }),
  );
  app.put(
    '/api/v1/users/me/profile',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Edit your own profile',
        body: ZProfileUpdateSchema,
        response: { 200: ZProfileResponseSchema, ...errors },
      },
    },
    async (request) => ({ profile: await profiles.update(requireUser(request).id, request.body) }),
  );
};
