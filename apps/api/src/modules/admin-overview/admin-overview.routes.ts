import { ZAdminOverviewQuerySchema, ZAdminOverviewSchema } from '@cadence/contracts/admin-overview';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorCanAny, actorOf } from '../../platform/auth/actor';
import { addressViewerOf } from '../users/address-viewer';
import { adminOverview } from './admin-overview.service';

/** Who may see the backstage requests waiting (as their own list does). */
const REVIEW_VIEW = ['backstageRequests.view', 'backstageRequests.update'];

/** The /admin index: the site at a glance, this period against the one before. */
export const adminOverviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/admin/overview',
    {
      config: { access: { permission: 'admin.access', signedIn: true } },
      schema: {
        tags: ['admin'],
        summary:
          'Users, sign-ups, plays, uploads and storage: last period vs the one before, per day; pending backstage requests',
        querystring: ZAdminOverviewQuerySchema,
        response: {
          200: ZAdminOverviewSchema,
          401: ZErrorEnvelopeSchema,
          403: ZErrorEnvelopeSchema,
          422: ZErrorEnvelopeSchema,
        },
      },
    },
    async (request) =>
      adminOverview(app.deps.db, Number(request.query.days), {
        canReviewRequests: await actorCanAny(actorOf(request), REVIEW_VIEW),
        viewer: await addressViewerOf(actorOf(request)),
      }),
  );
};
