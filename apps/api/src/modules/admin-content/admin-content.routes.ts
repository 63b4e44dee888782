import {
  ZAdminCommentPageSchema,
  ZAdminCommentQuerySchema,
  ZAdminLyricsPageSchema,
  ZAdminLyricsQuerySchema,
  ZAdminPlaylistPageSchema,
  ZAdminPlaylistQuerySchema,
  ZGenreMergeSchema,
} from '@cadence/contracts/admin-content';
import { ZMessageResponseSchema } from '@cadence/contracts/auth';
import { ZIdParamsSchema } from '@cadence/contracts/catalogue';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import { ZGenreResponseSchema } from '@cadence/contracts/genre';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/http/app-error';
import { audit } from '../admin-catalogue/audit';
import { isoRequired } from '../catalogue/catalogue-utils';
import { listComments, listLyrics, listPlaylists, restoreComment } from './admin-lists.repository';
import { mergeGenres } from './merge-genres';

const errors = {
  401: ZErrorEnvelopeSchema,
  403: ZErrorEnvelopeSchema,
  404: ZErrorEnvelopeSchema,
  422: ZErrorEnvelopeSchema,
};

/** Admin lists over any user's playlists, all lyrics and all comments; genre merge; comment restore. */
export const adminContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/api/v1/admin/playlists',
    {
      config: { access: { permission: ['playlists.update', 'playlists.delete'] } },
      schema: {
        tags: ['admin'],
        summary: "Every user's playlists (public and private) with owner and privacy",
        querystring: ZAdminPlaylistQuerySchema,
        response: { 200: ZAdminPlaylistPageSchema, ...errors },
      },
    },
    async (request) => listPlaylists(db, request.query),
  );

  app.get(
    '/api/v1/admin/lyrics',
    {
      config: { access: { permission: ['lyrics.update', 'lyrics.delete'] } },
      schema: {
        tags: ['admin'],
        summary: 'Every track with lyrics: plain or synced, newest edit first',
        querystring: ZAdminLyricsQuerySchema,
        response: { 200: ZAdminLyricsPageSchema, ...errors },
      },
    },
    async (request) => listLyrics(db, request.query),
  );

  app.get(
    '/api/v1/admin/comments',
    {
      config: { access: { permission: ['comments.update', 'comments.delete'] } },
      schema: {
        tags: ['admin'],
        summary: 'Every comment, newest first (filter by track or user); deleted ones marked',
        querystring: ZAdminCommentQuerySchema,
        response: { 200: ZAdminCommentPageSchema, ...errors },
      },
    },
    async (request) => listComments(db, request.query),
  );

  app.post(
    '/api/v1/comments/:id/restore',
    {
      config: { access: { permission: 'comments.update' } },
      schema: {
        tags: ['comments'],
        summary: 'Restore a deleted comment (its thread never moved)',
        params: ZIdParamsSchema,
        response: { 200: ZMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      if (!(await restoreComment(db, request.params.id)))
        throw new AppError('not_found', 'No deleted comment with this id.');
      await audit(request, {
        action: 'comments.restore',
        subject_type: 'comment',
        subject_ids: [request.params.id],
      });
      return { message: 'Comment restored.' };
    },
  );

  app.post(
    '/api/v1/genres/merge',
    {
      config: { access: { permission: 'genres.update' } },
      schema: {
        tags: ['genres'],
        summary: 'Merge genre `from` into `into` (items, channels and popularity move; `from` is deleted)',
        body: ZGenreMergeSchema,
        response: { 200: ZGenreResponseSchema, ...errors },
      },
    },
    async (request) => {
      const row = await mergeGenres(db, request.body);
      await audit(request, {
        action: 'genres.merge',
        subject_type: 'genre',
        subject_ids: [Number(row.id)],
        details: { from: request.body.from, into: request.body.into },
      });
      return {
        genre: {
          id: Number(row.id),
          name: row.name,
          display_name: row.display_name,
          image: row.image,
          popularity: row.popularity,
          created_at: isoRequired(row.created_at),
          updated_at: isoRequired(row.updated_at),
        },
      };
    },
  );
};
