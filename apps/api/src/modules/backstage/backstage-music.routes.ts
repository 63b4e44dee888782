import path from 'node:path';
import { ZMessageResponseSchema } from '@cadence/contracts/auth';
import {
  ZAlbumTracksSchema,
  ZBackstageOverviewSchema,
  ZPublishResponseSchema,
  ZPublishSchema,
  ZUploadMinutesSchema,
} from '@cadence/contracts/backstage';
import { ZIdParamsSchema } from '@cadence/contracts/catalogue';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth/access';
import { actorOf } from '../../platform/auth/actor';
import { createBackstageMusicService, WAVEFORM_JOB } from './backstage-music.service';
import { registerUploadDraftRoutes } from './upload-drafts.routes';
import { createUploadDraftsService } from './upload-drafts.service';
import { uploadMinutesOf } from './upload-minutes';

const errors = {
  401: ZErrorEnvelopeSchema,
  403: ZErrorEnvelopeSchema,
  404: ZErrorEnvelopeSchema,
  422: ZErrorEnvelopeSchema,
};

/** Spec 2.10 upload and publish: drafts kept on the server, one-step publish, minutes, album track lists. */
export const backstageMusicRoutes: FastifyPluginAsyncZod = async (app) => {
  const music = createBackstageMusicService({
    db: app.deps.db,
    storage: app.services.storage,
    fileEntries: app.services.fileEntries,
    jobs: app.jobs,
    tempDir: path.join(app.deps.env.DATA_DIR, 'tmp', 'backstage'),
    workspaces: app.services.workspaces,
  });
  registerUploadDraftRoutes(
    app,
    createUploadDraftsService({
      db: app.deps.db,
      fileEntries: app.services.fileEntries,
      readDraft: music.readDraft,
    }),
  );
  app.jobs.register(WAVEFORM_JOB, async (payload) => {
    await music.computeWaveform(Number((payload as { trackId: number }).trackId));
  });

  app.get(
    '/api/v1/backstage/overview',
    {
      config: { access: 'user' },
      schema: {
        tags: ['backstage'],
        summary: "The signed-in user's artists, albums, tracks, requests and upload minutes",
        response: { 200: ZBackstageOverviewSchema, ...errors },
      },
    },
    async (request) => music.overview(actorOf(request), requireUser(request)),
  );

  app.get(
    '/api/v1/backstage/upload-minutes',
    {
      config: { access: { permission: 'music.create' } },
      schema: {
        tags: ['backstage'],
        summary: 'Minutes of audio used and left under the plan (music.create restriction `minutes`)',
        response: { 200: ZUploadMinutesSchema, ...errors },
      },
    },
    async (request) => uploadMinutesOf(app.deps.db, actorOf(request), requireUser(request).id),
  );

  app.post(
    '/api/v1/backstage/publish',
    {
      config: { access: { permission: 'music.create' } },
      schema: {
        tags: ['backstage'],
        summary: 'Publish uploaded files as singles or as one album, in one step',
        body: ZPublishSchema,
        response: { 201: ZPublishResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await music.publish(actorOf(request), requireUser(request), request.body)),
  );

  app.put(
    '/api/v1/backstage/albums/:id/tracks',
    {
      config: { access: 'user' },
      schema: {
        tags: ['backstage'],
        summary: "Set an album's track list: order, additions, removals (album and track managers)",
        params: ZIdParamsSchema,
        body: ZAlbumTracksSchema,
        response: { 200: ZMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await music.setAlbumTracks(actorOf(request), request.params.id, request.body.track_ids);
      return { message: 'Track list saved.' };
    },
  );
};
