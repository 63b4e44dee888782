import { ZMessageResponseSchema } from '@cadence/contracts/auth';
import { ZIdParamsSchema } from '@cadence/contracts/catalogue';
import {
  ZCommentCreateSchema,
  ZCommentListQuerySchema,
  ZCommentResponseSchema,
  ZCommentSchema,
  ZCommentUpdateSchema,
} from '@cadence/contracts/comment';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import { paginationSchema } from '@cadence/contracts/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth/actor';
import { AppError } from '../../platform/http/app-error';
import { createCommentsService } from './comments.service';

const errors = {
  401: ZErrorEnvelopeSchema,
  403: ZErrorEnvelopeSchema,
  404: ZErrorEnvelopeSchema,
  422: ZErrorEnvelopeSchema,
};
const tags = ['comments'];

export const commentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const comments = createCommentsService(app.deps.db, app.services.notifications);

  app.get(
    '/api/v1/comments',
    {
      config: { access: { permission: 'comments.view' } },
      schema: {
        tags,
        summary: 'Comments of a track or album: top-level ones paginated, each followed by its thread',
        querystring: ZCommentListQuerySchema,
        response: { 200: paginationSchema(ZCommentSchema), ...errors },
      },
    },
    async (request) => comments.list(actorOf(request), request.query),
  );

  app.post(
    '/api/v1/comments',
    {
      config: { access: { permission: 'comments.create' } },
      schema: {
        tags,
        summary: 'Comment (comments.create); replies nest 5 levels; `position_ms` pins it on the waveform',
        body: ZCommentCreateSchema,
        response: { 201: ZCommentResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      if (!(await app.services.settings.get('player.track_comments')))
        throw new AppError('forbidden', 'Comments are turned off.');
      return reply.code(201).send({ comment: await comments.create(actorOf(request), request.body) });
    },
  );

  app.put(
    '/api/v1/comments/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Edit a comment (its author or comments.update)',
        params: ZIdParamsSchema,
        body: ZCommentUpdateSchema,
        response: { 200: ZCommentResponseSchema, ...errors },
      },
    },
    async (request) => ({
      comment: await comments.update(actorOf(request), request.params.id, request.body.content),
    }),
  );

  app.delete(
    '/api/v1/comments/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Delete a comment (soft; its author or comments.delete)',
        params: ZIdParamsSchema,
        response: { 200: ZMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await comments.remove(actorOf(request), request.params.id);
      return { message: 'Comment deleted.' };
    },
  );
};
