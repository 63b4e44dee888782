import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import { ZLoudnessProgressResponseSchema } from '@cadence/contracts/transcoding';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loudnessProgress } from './loudness.repository';
import {
  createLoudnessService,
  LOUDNESS_BACKFILL_JOB,
  LOUDNESS_JOB,
  measuredTrackOf,
} from './loudness.service';

const errors = { 401: ZErrorEnvelopeSchema, 403: ZErrorEnvelopeSchema };
const tags = ['loudness'];
const canManage = { access: { permission: 'settings.update', signedIn: true } } as const;

/** The measurement jobs and the admin's backfill with its progress (Settings > Player). */
export const loudnessRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, env } = app.deps;
  const ffmpeg = app.services.transcoding.ffmpeg.path;
  const loudness = createLoudnessService({
    db,
    dataDir: env.DATA_DIR,
    storage: app.services.storage,
    jobs: app.jobs,
    ffmpeg,
  });
  app.jobs.register(LOUDNESS_JOB, async (payload) => loudness.measureTrack(measuredTrackOf(payload)));
  app.jobs.register(LOUDNESS_BACKFILL_JOB, async () => {
    await loudness.backfill();
  });

  const progress = async () => ({ ...(await loudnessProgress(db)), available: ffmpeg !== null });

  app.get(
    '/api/v1/admin/loudness',
    {
      config: canManage,
      schema: {
        tags,
        summary: 'How many tracks have their loudness measured (ReplayGain 2.0 gains)',
        response: { 200: ZLoudnessProgressResponseSchema, ...errors },
      },
    },
    progress,
  );

  app.post(
    '/api/v1/admin/loudness/backfill',
    {
      config: canManage,
      schema: {
        tags,
        summary: 'Queue the measurement of every track never measured (one at a time, in the background)',
        response: { 200: ZLoudnessProgressResponseSchema, ...errors },
      },
    },
    async () => {
      const queued = ffmpeg ? await loudness.backfill() : 0;
      return { ...(await progress()), queued };
    },
  );
};
