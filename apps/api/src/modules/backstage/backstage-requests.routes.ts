import {
  ZBackstageDenySchema,
  ZBackstageRequestCreateSchema,
  ZBackstageRequestListQuerySchema,
  ZBackstageRequestListSchema,
  ZBackstageRequestResponseSchema,
  ZBackstageReviewSchema,
  ZRequestFileParamsSchema,
} from '@cadence/contracts/backstage';
import { ZIdParamsSchema } from '@cadence/contracts/catalogue';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth/access';
import { actorOf } from '../../platform/auth/actor';
import { AppError } from '../../platform/http/app-error';
import { sendStoredFile } from '../public-storage/send-stored-file';
import { addressViewer } from '../users/address-viewer';
import { createBackstageNotifier } from './backstage-notifier';
import { reviewerIds } from './backstage-requests.repository';
import { createBackstageRequestsService } from './backstage-requests.service';

const errors = {
  401: ZErrorEnvelopeSchema,
  403: ZErrorEnvelopeSchema,
  404: ZErrorEnvelopeSchema,
  422: ZErrorEnvelopeSchema,
};

/** Spec 2.10 requests and their review in the admin (spec 2.12 backstage-requests). */
export const backstageRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const notifier = createBackstageNotifier({
    notifyMany: (notices) => app.services.notifications.notifyMany(notices),
    reviewerIds: () => reviewerIds(app.deps.db),
  });
  const requests = createBackstageRequestsService({ db: app.deps.db, notifier });

  app.post(
    '/api/v1/backstage-requests',
    {
      config: { access: { permission: 'backstageRequests.create' } },
      schema: {
        tags: ['backstage'],
        summary: 'Ask to become, verify or claim an artist (one pending request per type)',
        body: ZBackstageRequestCreateSchema,
        response: { 201: ZBackstageRequestResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ request: await requests.create(requireUser(request), request.body) }),
  );

  app.get(
    '/api/v1/backstage-requests',
    {
      config: { access: { permission: 'backstageRequests.view' } },
      schema: {
        tags: ['backstage'],
        summary: 'Every request, newest first, filtered by status, type or text (reviewers)',
        querystring: ZBackstageRequestListQuerySchema,
        response: { 200: ZBackstageRequestListSchema, ...errors },
      },
    },
    async (request) => requests.list(request.query, addressViewer(request.user ?? null)),
  );

  app.get(
    '/api/v1/backstage-requests/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['backstage'],
        summary: 'One request (its requester or a reviewer)',
        params: ZIdParamsSchema,
        response: { 200: ZBackstageRequestResponseSchema, ...errors },
      },
    },
    async (request) => ({ request: await requests.show(actorOf(request), request.params.id) }),
  );

  app.get(
    '/api/v1/backstage-requests/:id/proofs/:fileId',
    {
      config: { access: 'user' },
      compress: false,
      schema: {
        tags: ['backstage'],
        summary: "A request's proof file: private to its requester and reviewers",
        params: ZRequestFileParamsSchema,
      },
    },
    async (request, reply) => {
      const entry = await requests.proofOf(actorOf(request), request.params.id, request.params.fileId);
      const driver = app.services.storage.get(entry.disk);
      const signed = await driver.presignGet(entry.path, 300, { downloadName: entry.name });
      if (signed) return reply.redirect(signed, 302);
      const info = await driver.stat(entry.path);
      if (!info) throw new AppError('not_found');
      return sendStoredFile(request, reply, {
        driver,
        path: entry.path,
        size: info.size,
        lastModified: info.lastModified,
        mime: entry.mime,
        cacheControl: 'private, max-age=0',
        disposition: `inline; filename*=UTF-8''${encodeURIComponent(entry.name)}`,
      });
    },
  );

  app.post(
    '/api/v1/backstage-requests/:id/approve',
    {
      config: { access: { permission: 'backstageRequests.update' } },
      schema: {
        tags: ['backstage'],
        summary: 'Approve: create or link the artist, grant the artists role, notify the requester',
        params: ZIdParamsSchema,
        body: ZBackstageReviewSchema,
        response: { 200: ZBackstageRequestResponseSchema, ...errors },
      },
    },
    async (request) => ({
      request: await requests.approve(
        requireUser(request),
        request.params.id,
        request.body.notes ?? null,
        request.ip,
      ),
    }),
  );

  app.post(
    '/api/v1/backstage-requests/:id/deny',
    {
      config: { access: { permission: 'backstageRequests.update' } },
      schema: {
        tags: ['backstage'],
        summary: 'Deny with notes; the requester is notified with them',
        params: ZIdParamsSchema,
        body: ZBackstageDenySchema,
        response: { 200: ZBackstageRequestResponseSchema, ...errors },
      },
    },
    async (request) => ({
      request: await requests.deny(requireUser(request), request.params.id, request.body.notes, request.ip),
    }),
  );
};
