import { ZMessageResponseSchema } from '@cadence/contracts/auth';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import {
  ZGenerateSitemapResponseSchema,
  ZQueueJobParamsSchema,
  ZQueueStatusSchema,
  ZSaveSettingsResponseSchema,
  ZSettingsPayloadSchema,
  ZSettingsResponseSchema,
} from '@cadence/contracts/settings-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionCacheKey } from '../../platform/auth/session-cache';
import { AppError } from '../../platform/http/app-error';
import { recordAudit } from '../audit-log/record-audit';

const errors = { 401: ZErrorEnvelopeSchema, 403: ZErrorEnvelopeSchema, 422: ZErrorEnvelopeSchema };
/** The settings page needs settings.update (spec 6); reading is also open to settings.view. */
const canView = { access: { permission: ['settings.view', 'settings.update'], signedIn: true } } as const;
const canUpdate = { access: { permission: 'settings.update', signedIn: true } } as const;
const tags = ['settings'];

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { settings } = app.services;
  const { cache, db } = app.deps;

  app.get(
    '/api/v1/settings',
    {
      config: canView,
      schema: {
        tags,
        summary: 'All settings for the admin area (secrets masked, env-level keys with their variable)',
        response: { 200: ZSettingsResponseSchema, ...errors },
      },
    },
    async () => settings.adminView(),
  );

  app.post(
    '/api/v1/settings',
    {
      config: canUpdate,
      schema: {
        tags,
        summary: 'Save changed settings (new credentials are tried first: mail, billing, social, reCAPTCHA)',
        body: ZSettingsPayloadSchema,
        response: { 200: ZSaveSettingsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { changed } = await settings.save(request.body, {
        context: {
          actorId: request.user?.id ?? null,
          actorEmail: request.user?.email,
          ipAddress: request.ip,
        },
      });
      // Billing or a provider switched on: the plans reach the providers now, not at their next save.
      await app.services.billing
        .syncAfterSettingsSave(changed)
        .catch((error) => request.log.error({ err: error }, 'Syncing plans after a settings save failed'));
      return { message: 'Settings saved.', changed };
    },
  );

  app.post(
    '/api/v1/settings/cache/clear',
    {
      config: canUpdate,
      schema: {
        tags,
        summary: 'Clear the caches (settings, bootstrap data, cached sessions): rebuilt from the database',
        response: { 200: ZMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await settings.dropCache();
      await cache.deletePrefix(sessionCacheKey(''));
      await recordAudit(db, {
        actorId: request.user?.id ?? null,
        action: 'cache.clear',
        subjectType: 'settings',
        ipAddress: request.ip,
      });
      return { message: 'Cache cleared.' };
    },
  );

  app.post(
    '/api/v1/settings/sitemap/generate',
    {
      config: canUpdate,
      schema: {
        tags,
        summary: 'Write sitemap.xml and its files now (the schedule also does it daily)',
        response: { 200: ZGenerateSitemapResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { files, urls } = await app.services.sitemap.generate();
      await recordAudit(db, {
        actorId: request.user?.id ?? null,
        action: 'sitemap.generate',
        subjectType: 'settings',
        after: { files, urls },
        ipAddress: request.ip,
      });
      return { message: 'Sitemap generated.', files, urls, url: `${app.deps.env.APP_URL}/sitemap.xml` };
    },
  );

  app.get(
    '/api/v1/settings/queue',
    {
      config: canView,
      schema: {
        tags,
        summary: 'The job queue: driver, worker state, counts and the latest failed jobs',
        response: { 200: ZQueueStatusSchema, ...errors },
      },
    },
    async () => {
      const status = await app.jobs.status();
      return {
        driver: app.jobs.kind,
        worker: status.worker,
        counts: status.counts,
        failed: status.failed.map((job) => ({
          id: job.id,
          name: job.name,
          failed_at: job.failedAt ? job.failedAt.toISOString() : null,
          attempts: job.attempts,
          error: job.error.slice(0, 1000),
        })),
      };
    },
  );

  app.post(
    '/api/v1/settings/queue/failed/:jobId/retry',
    {
      config: canUpdate,
      schema: {
        tags,
        summary: 'Run a failed job again',
        params: ZQueueJobParamsSchema,
        response: { 200: ZMessageResponseSchema, 404: ZErrorEnvelopeSchema, ...errors },
      },
    },
    async (request) => {
      if (!(await app.jobs.retry(request.params.jobId))) throw new AppError('not_found');
      await recordAudit(db, {
        actorId: request.user?.id ?? null,
        action: 'queue.retry',
        subjectType: 'settings',
        subjectId: request.params.jobId,
        ipAddress: request.ip,
      });
      return { message: 'Job queued again.' };
    },
  );
};
