import { stat } from 'node:fs/promises';
import path from 'node:path';
import { ZIdParamsSchema } from '@cadence/contracts/catalogue';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import { ZImageQuerySchema, ZWaveResponseSchema } from '@cadence/contracts/track';
import { ZStreamQuerySchema } from '@cadence/contracts/transcoding';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertAny } from '../../platform/auth/access';
import { actorOf } from '../../platform/auth/actor';
import { AppError } from '../../platform/http/app-error';
import { slugify } from '../catalogue/catalogue-utils';
import { findStreamableTrackVisibleTo, findTrackVisibleTo } from '../catalogue/track-access';
import { sendStoredFile } from '../public-storage/send-stored-file';
import { countDownload } from '../tracks/tracks.repository';
import { listenerLimitsOf, sendTranscodedIfNeeded } from '../transcoding/stream-transcoded';
import { resolveAudioSource } from './audio-source';
import { IMAGE_EXTENSIONS, imageVariant, wantsWebp } from './image-variants';
import { createOpenFiles } from './open-files';
import { createPlayableTracks } from './playable-track';
import { sendFile } from './send-file';
import { resolveStoragePath, storageRoot } from './storage-path';
import { sendViaXAccel, type XAccelDelivery } from './x-accel';

const errors = {
  401: ZErrorEnvelopeSchema,
  403: ZErrorEnvelopeSchema,
  404: ZErrorEnvelopeSchema,
  422: ZErrorEnvelopeSchema,
};
const NO_AUDIO = 'This track has no audio.';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Audio can be replaced in place (re-upload), so clients revalidate with the ETag after a day. */
const AUDIO_CACHE = 'private, max-age=86400';

export const streamingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, env } = app.deps;
  const { settings, storage } = app.services;
  const audio = { dataDir: env.DATA_DIR, db, storage };
  const openFiles = createOpenFiles();
  app.addHook('onClose', async () => openFiles.closeAll());

  const playableTrack = createPlayableTracks(app);
  const xAccel: XAccelDelivery | null =
    env.STATIC_FILE_DELIVERY === 'xaccel'
      ? { prefix: env.STATIC_FILE_XACCEL_PREFIX, root: storageRoot(env.DATA_DIR) }
      : null;

  app.get(
    '/api/v1/tracks/:id/stream',
    {
      compress: false,
      config: { access: { permission: 'music.play' } },
      schema: {
        tags: ['streaming'],
        summary:
          'The audio, with HTTP Range (206), ETag/Last-Modified (304); external sources redirect. `maxBitRate`/`format` transcode when the original does not fit (modules/transcoding)',
        params: ZIdParamsSchema,
        querystring: ZStreamQuerySchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      // A listener's own limit applies to every stream: read beside the track, not after it.
      const limits = listenerLimitsOf(app, actor.user?.id ?? null);
      const track = await playableTrack(actor, request.params.id);
      const source = await resolveAudioSource(audio, track);
      if (!source) throw new AppError('not_found', NO_AUDIO);
      const listener = await limits;
      const wish = request.query;
      const sent = await sendTranscodedIfNeeded(app, request, reply, { track, source, wish, listener });
      if (sent) return sent;
      if (source.kind === 'redirect') return reply.redirect(source.url, 302);
      if (source.kind === 'stored')
        return sendStoredFile(request, reply, { ...source, cacheControl: AUDIO_CACHE });
      const file = { ...source, cacheControl: AUDIO_CACHE, notFoundMessage: NO_AUDIO };
      if (xAccel && sendViaXAccel(reply, xAccel, file)) return reply;
      return sendFile(request, reply, openFiles, file);
    },
  );

  app.get(
    '/api/v1/tracks/:id/download',
    {
      config: { access: { permission: 'music.download' } },
      compress: false,
      schema: {
        tags: ['streaming'],
        summary: 'Download the audio file (player.enable_download and music.download)',
        params: ZIdParamsSchema,
        response: errors,
      },
    },
    async (request, reply) => {
      if (!(await settings.get('player.enable_download'))) {
        throw new AppError('forbidden', 'Downloads are turned off.');
      }
      await assertAny(request, ['music.download']);
      const track = await findStreamableTrackVisibleTo(db, actorOf(request), request.params.id);
      const source = await resolveAudioSource(audio, track, slugify(track.name));
      if (!source) throw new AppError('not_found', NO_AUDIO);
      // Range requests resume a download; count only the ones that start it.
      if (!request.headers.range || /^bytes=0-/.test(request.headers.range)) {
        await countDownload(db, track.id);
      }
      if (source.kind === 'redirect') return reply.redirect(source.url, 302);
      if (source.kind === 'stored') {
        const disposition = `attachment; filename="${slugify(track.name)}.${source.extension}"`;
        return sendStoredFile(request, reply, { ...source, cacheControl: 'private, no-cache', disposition });
      }
      const filename = `${slugify(track.name)}${source.extension ? `.${source.extension}` : ''}`;
      const file = {
        ...source,
        cacheControl: 'private, no-cache',
        disposition: `attachment; filename="${filename}"`,
        notFoundMessage: NO_AUDIO,
      };
      if (xAccel && sendViaXAccel(reply, xAccel, file)) return reply;
      return sendFile(request, reply, openFiles, file);
    },
  );

  app.get(
    '/api/v1/tracks/:id/wave',
    {
      config: { access: { permission: 'music.play' } },
      schema: {
        tags: ['streaming'],
        summary: 'Waveform peaks (0..1) for the seekbar',
        params: ZIdParamsSchema,
        response: { 200: ZWaveResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const track = await findTrackVisibleTo(db, actorOf(request), request.params.id);
      if (!track.waveform || track.waveform.length === 0)
        throw new AppError('not_found', 'This track has no waveform.');
      reply.header('Cache-Control', 'public, max-age=86400');
      return { waveform: track.waveform };
    },
  );

  app.get(
    '/api/v1/images/*',
    {
      config: { access: 'public' },
      compress: false,
      schema: {
        tags: ['streaming'],
        summary:
          'Artwork from storage/images; `?w=` serves a resized variant (WebP when accepted, Vary: Accept); cached for a year',
        querystring: ZImageQuerySchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const relative = decodeURIComponent((request.params as { '*': string })['*'] ?? '');
      const extension = path.extname(relative).toLowerCase();
      const mime = IMAGE_EXTENSIONS[extension];
      if (!mime) throw new AppError('not_found');
      const source = resolveStoragePath(env.DATA_DIR, `images/${relative}`);
      const width = request.query.w;
      // The original is checked by the answer itself; a variant needs it before resizing.
      if (width && !(await stat(source).catch(() => null))?.isFile()) throw new AppError('not_found');
      // A resized variant is WebP for browsers that take it (a third of the PNG's bytes or less).
      const isWebp = Boolean(width) && wantsWebp(extension, request.headers.accept);
      if (width) reply.header('Vary', 'Accept');
      const file = width
        ? await imageVariant(storageRoot(env.DATA_DIR), relative, source, width, isWebp)
        : source;
      return sendFile(request, reply, openFiles, {
        path: file,
        mime: isWebp ? 'image/webp' : mime,
        cacheControl: IMMUTABLE,
        isNoSniff: true,
      });
    },
  );
};
