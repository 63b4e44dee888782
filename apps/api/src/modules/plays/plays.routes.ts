import { ZIdParamsSchema } from '@cadence/contracts/catalogue';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import { ZRecordPlayResponseSchema, ZRecordPlaySchema } from '@cadence/contracts/play';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth/actor';
import { findTrackVisibleTo } from '../catalogue/track-access';
import { listenerOf } from './listener';
import { createPlaysService } from './plays.service';

const errors = {
  401: ZErrorEnvelopeSchema,
  403: ZErrorEnvelopeSchema,
  404: ZErrorEnvelopeSchema,
  422: ZErrorEnvelopeSchema,
};

export const playsRoutes: FastifyPluginAsyncZod = async (app) => {
  const plays = createPlaysService(
    app.deps.db,
    app.deps.cache,
    app.deps.appKey,
    app.services.scrobbling.onPlay,
  );

  app.post(
    '/api/v1/tracks/:id/plays',
    {
      config: { access: { permission: 'music.play' } },
      schema: {
        tags: ['plays'],
        summary: 'Report listening; counted once 30 s or half the track (the shorter) was played',
        params: ZIdParamsSchema,
        body: ZRecordPlaySchema,
        response: { 200: ZRecordPlayResponseSchema, ...errors },
      },
    },
    async (request) => {
      const track = await findTrackVisibleTo(app.deps.db, actorOf(request), request.params.id);
      return plays.record(listenerOf(request), track, request.body);
    },
  );
};
