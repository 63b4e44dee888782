import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import { ZStoragePathParamsSchema } from '@cadence/contracts/file-entry';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/http/app-error';
import { isSafeStoragePath } from '../../platform/storage/storage';
import * as fileEntriesRepository from '../file-entries/file-entries.repository';
import { isImmutableName, publicFileType } from './public-file-type';
import { sendStoredFile } from './send-stored-file';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=3600';
/**
 * Public files are user uploads: even an HTML or SVG body must not run script on the api's
 * origin when opened directly, so every answer is sandboxed.
 */
const SANDBOX = "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox";

/** The local `public` disk at `${APP_URL}/storage/<path>` (its driver's `publicUrl`). */
export const publicStorageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { storage } = app.services;
  const { db } = app.deps;
  const isTrashed = (storagePath: string) => fileEntriesRepository.isTrashedPublic(db, storagePath);

  // An explicit HEAD: Fastify's automatic HEAD route would overwrite Content-Length with 0.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/storage/*',
    config: { access: 'public' },
    compress: false,
    schema: {
      tags: ['uploads'],
      summary: 'A file of the public disk, with HTTP Range (206) and ETag/Last-Modified (304)',
      params: ZStoragePathParamsSchema,
      response: { 404: ZErrorEnvelopeSchema, 416: ZErrorEnvelopeSchema },
    },
    handler: async (request, reply) => {
      const storagePath = request.params['*'];
      // Unsafe names (`..`, `%2e%2e`, backslashes, absolute paths) can never name a stored file.
      if (!isSafeStoragePath(storagePath)) throw new AppError('not_found');
      // A file in the trash is not public any more (its bytes stay until it is deleted for ever).
      if (await isTrashed(storagePath)) throw new AppError('not_found');
      const driver = storage.get('public');
      if (driver.driver !== 'local') {
        const url = driver.publicUrl(storagePath) ?? (await driver.presignGet(storagePath, 300));
        if (!url) throw new AppError('not_found');
        return reply.redirect(url, 302);
      }
      const info = await driver.stat(storagePath);
      if (!info) throw new AppError('not_found');
      reply.header('Content-Security-Policy', SANDBOX);
      return sendStoredFile(request, reply, {
        driver,
        path: storagePath,
        size: info.size,
        lastModified: info.lastModified,
        mime: await publicFileType(driver, storagePath),
        cacheControl: isImmutableName(storagePath) ? IMMUTABLE : REVALIDATE,
      });
    },
  });
};
