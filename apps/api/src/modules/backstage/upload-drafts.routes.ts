import { ZMessageResponseSchema } from '@cadence/contracts/auth';
import {
  ZTrackDraftListResponseSchema,
  ZTrackDraftRequestSchema,
  ZTrackDraftResponseSchema,
  ZTrackDraftUpdateSchema,
} from '@cadence/contracts/backstage';
import { ZIdParamsSchema } from '@cadence/contracts/catalogue';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth/access';
import { actorOf } from '../../platform/auth/actor';
import type { UploadDraftsService } from './upload-drafts.service';

const errors = {
  401: ZErrorEnvelopeSchema,
  403: ZErrorEnvelopeSchema,
  404: ZErrorEnvelopeSchema,
  422: ZErrorEnvelopeSchema,
};
const access = { permission: 'music.create' } as const;

/** Upload drafts of /backstage/upload and /admin/upload: listed, created from an upload, edited, deleted. */
export function registerUploadDraftRoutes(fastify: FastifyInstance, drafts: UploadDraftsService) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/v1/backstage/drafts',
    {
      config: { access },
      schema: {
        tags: ['backstage'],
        summary: "The signed-in user's upload drafts (not yet published)",
        response: { 200: ZTrackDraftListResponseSchema, ...errors },
      },
    },
    async (request) => ({ drafts: await drafts.list(actorOf(request), requireUser(request)) }),
  );

  app.post(
    '/api/v1/backstage/drafts',
    {
      config: { access },
      schema: {
        tags: ['backstage'],
        summary:
          'Keep an uploaded audio file as a draft, read from its tags (title, artists, album, number, genre, year, cover, lyrics)',
        body: ZTrackDraftRequestSchema,
        response: { 200: ZTrackDraftResponseSchema, ...errors },
      },
    },
    async (request) => ({
      draft: await drafts.create(actorOf(request), requireUser(request), request.body.file_entry_id),
    }),
  );

  app.put(
    '/api/v1/backstage/drafts/:id',
    {
      config: { access },
      schema: {
        tags: ['backstage'],
        summary: "Save the user's edits of an upload draft",
        params: ZIdParamsSchema,
        body: ZTrackDraftUpdateSchema,
        response: { 200: ZTrackDraftResponseSchema, ...errors },
      },
    },
    async (request) => ({
      draft: await drafts.update(requireUser(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/v1/backstage/drafts/:id',
    {
      config: { access },
      schema: {
        tags: ['backstage'],
        summary: 'Delete an upload draft with its files (audio and cover)',
        params: ZIdParamsSchema,
        response: { 200: ZMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await drafts.remove(requireUser(request), request.params.id);
      return { message: 'Draft deleted.' };
    },
  );
}
