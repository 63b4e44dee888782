import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import {
  ZInsightsParamsSchema,
  ZInsightsQuerySchema,
  ZInsightsSchema,
  ZPageViewResponseSchema,
  ZPageViewSchema,
  ZPlaysReportSchema,
  ZReportQuerySchema,
  ZVisitorsReportSchema,
} from '@cadence/contracts/insights';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth/actor';
import { createInsightsService } from './insights.service';
import { createReportsService } from './reports.service';

const errors = {
  401: ZErrorEnvelopeSchema,
  403: ZErrorEnvelopeSchema,
  404: ZErrorEnvelopeSchema,
  422: ZErrorEnvelopeSchema,
};

/** Insights of a track, album or artist (its managers, or catalogue editors), from the daily roll-ups. */
export const insightsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createInsightsService(app.deps.db);
  const { env } = app.deps;
  const reports = createReportsService({
    db: app.deps.db,
    settings: {
      cookieNoticeEnabled: async () => (await app.services.settings.get('cookie_notice.enable')) === true,
      retentionDays: async () => Number(await app.services.settings.get('analytics.retention_days')),
    },
    salt: app.deps.appKey,
    ownHosts: [env.APP_URL, env.PLAYER_URL, env.ADMIN_URL, env.BACKSTAGE_URL].map((url) =>
      new URL(url).hostname.toLowerCase().replace(/^www\./, ''),
    ),
  });

  app.get(
    '/api/v1/insights/:subject/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['insights'],
        summary: 'Plays, listeners, locations, devices, sources, likes and reposts vs the previous range',
        params: ZInsightsParamsSchema,
        querystring: ZInsightsQuerySchema,
        response: { 200: ZInsightsSchema, ...errors },
      },
    },
    async (request) => service.insights(actorOf(request), request.params, request.query),
  );

  app.get(
    '/api/v1/admin/reports/plays',
    {
      config: { access: { permission: 'admin.access', signedIn: true } },
      schema: {
        tags: ['admin'],
        summary:
          'Plays report: plays over time, top tracks/albums/artists/genres, countries, devices, sources',
        querystring: ZReportQuerySchema,
        response: { 200: ZPlaysReportSchema, 401: errors[401], 403: errors[403], 422: errors[422] },
      },
    },
    async (request) => reports.plays(request.query),
  );

  app.get(
    '/api/v1/admin/reports/visitors',
    {
      config: { access: { permission: 'admin.access', signedIn: true } },
      schema: {
        tags: ['admin'],
        summary: 'Visitors report: page views and unique visitors by page kind, referrer, country, device',
        querystring: ZReportQuerySchema,
        response: { 200: ZVisitorsReportSchema, 401: errors[401], 403: errors[403], 422: errors[422] },
      },
    },
    async (request) => reports.visitors(request.query),
  );

  app.post(
    '/api/v1/page-views',
    {
      config: { access: 'public' },
      schema: {
        tags: ['insights'],
        summary: 'First-party visit beacon of the player (honours Do Not Track, GPC and the cookie notice)',
        body: ZPageViewSchema,
        response: { 200: ZPageViewResponseSchema, 422: errors[422] },
      },
    },
    async (request) =>
      reports.recordView(
        {
          userId: request.user?.id ?? null,
          ip: request.ip,
          headers: request.headers,
          hasAcceptedCookies: request.cookies.cookie_notice === 'true',
        },
        request.body,
      ),
  );
};
