import { ZMessageResponseSchema } from '@cadence/contracts/auth';
import { ZIdParamsSchema } from '@cadence/contracts/catalogue';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import {
  type TLyrics,
  ZLyricsResponseSchema,
  ZLyricsUpsertSchema,
  ZTrackLyricsResponseSchema,
} from '@cadence/contracts/lyrics';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Selectable } from 'kysely';
import { canAny } from '../../platform/auth/access';
import { actorOf } from '../../platform/auth/actor';
import { AppError } from '../../platform/http/app-error';
import { catalogueChanged } from '../catalogue/catalogue-invalidation';
import { isoRequired } from '../catalogue/catalogue-utils';
import { findTrackVisibleTo, managesTrack } from '../catalogue/track-access';
import * as lyricsRepository from './lyrics.repository';
import type { LyricsTable } from './lyrics.tables';

const errors = {
  401: ZErrorEnvelopeSchema,
  403: ZErrorEnvelopeSchema,
  404: ZErrorEnvelopeSchema,
  422: ZErrorEnvelopeSchema,
};

const toDto = (row: Selectable<LyricsTable>): TLyrics => ({
  id: row.id,
  track_id: row.track_id,
  text: row.text,
  synced: row.synced,
  language: row.language,
  source: row.source,
  updated_at: isoRequired(row.updated_at),
});

export const lyricsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  /** lyrics.<action>, or the track's owner / artist manager. */
  async function assertCanEdit(
    request: FastifyRequest,
    trackId: number,
    action: 'create' | 'update' | 'delete',
  ) {
    const track = await findTrackVisibleTo(db, actorOf(request), trackId);
    if (await canAny(request, [`lyrics.${action}`])) return;
    if (!request.user) throw new AppError('unauthenticated');
    if (await managesTrack(db, request.user.id, track)) return;
    throw new AppError('forbidden');
  }

  app.get(
    '/api/v1/tracks/:id/lyrics',
    {
      config: { access: { permission: 'lyrics.view' } },
      schema: {
        tags: ['lyrics'],
        summary: "A track's lyrics (LRC text when synced); null when it has none",
        params: ZIdParamsSchema,
        response: { 200: ZTrackLyricsResponseSchema, ...errors },
      },
    },
    async (request) => {
      await findTrackVisibleTo(db, actorOf(request), request.params.id);
      const row = await lyricsRepository.ofTrack(db, request.params.id);
      // No lyrics is an answer, not an error: editors and the player ask for every track.
      return { lyrics: row ? toDto(row) : null };
    },
  );

  app.put(
    '/api/v1/tracks/:id/lyrics',
    {
      config: { access: 'user' },
      schema: {
        tags: ['lyrics'],
        summary: "Create or replace a track's lyrics",
        params: ZIdParamsSchema,
        body: ZLyricsUpsertSchema,
        response: { 200: ZLyricsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const exists = await lyricsRepository.exists(db, request.params.id);
      await assertCanEdit(request, request.params.id, exists ? 'update' : 'create');
      const values = {
        text: request.body.text,
        synced: request.body.synced,
        language: request.body.language ?? null,
        source: request.body.source ?? null,
      };
      const row = await lyricsRepository.upsert(db, request.params.id, values);
      // A track answer with `with=lyrics` says whether it has lyrics.
      await catalogueChanged(db, { tracks: [request.params.id] });
      return { lyrics: toDto(row) };
    },
  );

  app.delete(
    '/api/v1/tracks/:id/lyrics',
    {
      config: { access: 'user' },
      schema: {
        tags: ['lyrics'],
        summary: "Delete a track's lyrics",
        params: ZIdParamsSchema,
        response: { 200: ZMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await assertCanEdit(request, request.params.id, 'delete');
      if (!(await lyricsRepository.remove(db, request.params.id)))
        throw new AppError('not_found', 'This track has no lyrics yet.');
      await catalogueChanged(db, { tracks: [request.params.id] });
      return { message: 'Lyrics deleted.' };
    },
  );
};
