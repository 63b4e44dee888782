import { ZMessageResponseSchema } from '@cadence/contracts/auth';
import { ZIdParamsSchema } from '@cadence/contracts/catalogue';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import { paginationSchema } from '@cadence/contracts/pagination';
import {
  ZPlaylistCollaboratorParamsSchema,
  ZPlaylistCollaboratorSchema,
  ZPlaylistCreateSchema,
  ZPlaylistListQuerySchema,
  ZPlaylistReorderSchema,
  ZPlaylistResponseSchema,
  ZPlaylistSchema,
  ZPlaylistShowQuerySchema,
  ZPlaylistTracksSchema,
  ZPlaylistUpdateSchema,
} from '@cadence/contracts/playlist';
import { ZSmartCountRequestSchema, ZSmartCountResponseSchema } from '@cadence/contracts/smart-playlist';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorCanAny, actorOf } from '../../platform/auth/actor';
import { includeOf } from '../catalogue/catalogue-list';
import { sendCataloguePage } from '../catalogue/catalogue-reply';
import { createPlaylistsService } from './playlists.service';

const errors = {
  401: ZErrorEnvelopeSchema,
  403: ZErrorEnvelopeSchema,
  404: ZErrorEnvelopeSchema,
  422: ZErrorEnvelopeSchema,
};
const tags = ['playlists'];

export const playlistsRoutes: FastifyPluginAsyncZod = async (app) => {
  const playlists = createPlaylistsService(app.deps.db);

  app.get(
    '/api/v1/playlists',
    {
      config: { access: { permission: 'playlists.view' } },
      schema: {
        tags,
        summary: 'Public playlists, paginated',
        querystring: ZPlaylistListQuerySchema,
        response: { 200: paginationSchema(ZPlaylistSchema), ...errors },
      },
    },
    async (request) => playlists.list(request.query),
  );

  app.get(
    '/api/v1/playlists/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'One playlist (private ones only for the owner and collaborators); `with=tracks,owner,editors`',
        params: ZIdParamsSchema,
        querystring: ZPlaylistShowQuerySchema,
        response: { 200: ZPlaylistResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const show = async () => ({
        playlist: await playlists.show(actor, request.params.id, includeOf(request.query)),
      });
      // The shared answer is for those who may view any public playlist; the rest (an owner
      // without that permission) are answered as themselves.
      if (!(await actorCanAny(actor, ['playlists.view', 'playlists.update']))) return show();
      return sendCataloguePage(
        reply,
        app.services.catalogue,
        { kind: 'playlist', id: request.params.id },
        request.query,
        async () => {
          const body = await show();
          // A smart playlist is evaluated on every open, for its viewer (their own private tracks).
          return { body, isShared: body.playlist.public && !body.playlist.smart_rules };
        },
      );
    },
  );

  app.post(
    '/api/v1/playlists',
    {
      config: { access: { permission: 'playlists.create' } },
      schema: {
        tags,
        summary: 'Create a playlist (playlists.create, limited by its `count` restriction)',
        body: ZPlaylistCreateSchema,
        response: { 201: ZPlaylistResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ playlist: await playlists.create(actorOf(request), request.body) }),
  );

  app.post(
    '/api/v1/playlists/smart/count',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "How many tracks smart playlist rules match now (the editor's live count)",
        body: ZSmartCountRequestSchema,
        response: { 200: ZSmartCountResponseSchema, ...errors },
      },
    },
    async (request) => ({ count: await playlists.countSmart(actorOf(request), request.body.smart_rules) }),
  );

  app.put(
    '/api/v1/playlists/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Update a playlist (owner or playlists.update)',
        params: ZIdParamsSchema,
        body: ZPlaylistUpdateSchema,
        response: { 200: ZPlaylistResponseSchema, ...errors },
      },
    },
    async (request) => ({
      playlist: await playlists.update(actorOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/v1/playlists/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Delete a playlist (owner or playlists.delete)',
        params: ZIdParamsSchema,
        response: { 200: ZMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await playlists.remove(actorOf(request), request.params.id);
      return { message: 'Playlist deleted.' };
    },
  );

  app.post(
    '/api/v1/playlists/:id/tracks',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Append tracks (owner, collaborators of a collaborative playlist, or playlists.update)',
        params: ZIdParamsSchema,
        body: ZPlaylistTracksSchema,
        response: { 200: ZPlaylistResponseSchema, ...errors },
      },
    },
    async (request) => ({
      playlist: await playlists.addTracks(actorOf(request), request.params.id, request.body.track_ids),
    }),
  );

  app.delete(
    '/api/v1/playlists/:id/tracks',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Remove tracks',
        params: ZIdParamsSchema,
        body: ZPlaylistTracksSchema,
        response: { 200: ZPlaylistResponseSchema, ...errors },
      },
    },
    async (request) => ({
      playlist: await playlists.removeTracks(actorOf(request), request.params.id, request.body.track_ids),
    }),
  );

  app.put(
    '/api/v1/playlists/:id/tracks/order',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Reorder: the full list of the playlist track ids in their new order',
        params: ZIdParamsSchema,
        body: ZPlaylistReorderSchema,
        response: { 200: ZPlaylistResponseSchema, ...errors },
      },
    },
    async (request) => ({
      playlist: await playlists.reorder(actorOf(request), request.params.id, request.body.track_ids),
    }),
  );

  app.post(
    '/api/v1/playlists/:id/collaborators',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Add a collaborator (owner or playlists.update)',
        params: ZIdParamsSchema,
        body: ZPlaylistCollaboratorSchema,
        response: { 200: ZPlaylistResponseSchema, ...errors },
      },
    },
    async (request) => ({
      playlist: await playlists.addCollaborator(actorOf(request), request.params.id, request.body.user_id),
    }),
  );

  app.delete(
    '/api/v1/playlists/:id/collaborators/:userId',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Remove a collaborator (owner, playlists.update, or the collaborator leaving)',
        params: ZPlaylistCollaboratorParamsSchema,
        response: { 200: ZMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await playlists.removeCollaborator(actorOf(request), request.params.id, request.params.userId);
      return { message: 'Collaborator removed.' };
    },
  );
};
