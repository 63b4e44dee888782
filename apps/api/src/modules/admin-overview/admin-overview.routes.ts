import { ZAdminOverviewQuerySchema, ZAdminOverviewSchema } from '@cadence/contracts/admin-overview';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOverview } from './admin-overview.service';

/** The /admin index: the site at a glance, this period against the one before. */
export const adminOverviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/admin/overview',
    {
      config: { access: { permission: 'admin.access', signedIn: true } },
      schema: {
        tags: ['admin'],
        summary: 'Users, sign-ups, plays, uploads and storage: last period vs the one before',
        querystring: ZAdminOverviewQuerySchema,
        response: {
          200: ZAdminOverviewSchema,
          401: ZErrorEnvelopeSchema,
          403: ZErrorEnvelopeSchema,
          422: ZErrorEnvelopeSchema,
        },
      },
    },
    async (request) => adminOverview(app.deps.db, Number(request.query.days)),
  );
};
