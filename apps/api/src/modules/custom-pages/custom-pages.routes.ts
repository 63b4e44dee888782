import { ZBulkDeletePayloadSchema, ZBulkDeleteResponseSchema } from '@cadence/contracts/admin-list';
import { ZIdParamsSchema } from '@cadence/contracts/catalogue';
import {
  ZCustomPageListQuerySchema,
  ZCustomPageParamsSchema,
  ZCustomPagePayloadSchema,
  ZCustomPageResponseSchema,
  ZCustomPageSavedSchema,
  ZCustomPageSchema,
} from '@cadence/contracts/custom-page';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import { paginationSchema } from '@cadence/contracts/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, restrictionOf } from '../../platform/auth/access';
import { mapAdminPage } from '../../platform/db/admin-list';
import { createCustomPagesService, toCustomPageDto } from './custom-pages.service';

const errors = {
  401: ZErrorEnvelopeSchema,
  403: ZErrorEnvelopeSchema,
  404: ZErrorEnvelopeSchema,
  422: ZErrorEnvelopeSchema,
};
const tags = ['custom-pages'];

/** Spec 2.9/2.12 custom pages: the player's `GET custom-pages/{idOrSlug}` and the admin's CRUD. */
export const customPagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const pages = createCustomPagesService({ db: app.deps.db, baseUrl: app.deps.env.PLAYER_URL });
  const actor = (request: Parameters<typeof requireUser>[0]) => ({
    userId: requireUser(request).id,
    ip: request.ip,
  });

  app.get(
    '/api/v1/custom-pages',
    {
      config: { access: { permission: 'custom_pages.update' } },
      schema: {
        tags,
        summary: 'Custom pages, paginated (admin)',
        querystring: ZCustomPageListQuerySchema,
        response: { 200: paginationSchema(ZCustomPageSchema), ...errors },
      },
    },
    async (request) => mapAdminPage(await pages.list(request.query), (rows) => rows.map(toCustomPageDto)),
  );

  app.get(
    '/api/v1/custom-pages/:idOrSlug',
    {
      config: { access: { permission: 'custom_pages.view' } },
      schema: {
        tags,
        summary: 'One custom page by id or slug, with its SEO',
        params: ZCustomPageParamsSchema,
        response: { 200: ZCustomPageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const siteName = String(await app.services.settings.get('branding.site_name'));
      return pages.show(request.params.idOrSlug, siteName);
    },
  );

  app.post(
    '/api/v1/custom-pages',
    {
      config: { access: { permission: 'custom_pages.create' } },
      schema: {
        tags,
        summary: 'Create a custom page',
        body: ZCustomPagePayloadSchema,
        response: { 201: ZCustomPageSavedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const limit = await restrictionOf(request, 'custom_pages.create', 'count');
      return reply.code(201).send({ page: await pages.create(request.body, { ...actor(request), limit }) });
    },
  );

  app.put(
    '/api/v1/custom-pages/:id',
    {
      config: { access: { permission: 'custom_pages.update' } },
      schema: {
        tags,
        summary: 'Update a custom page',
        params: ZIdParamsSchema,
        body: ZCustomPagePayloadSchema,
        response: { 200: ZCustomPageSavedSchema, ...errors },
      },
    },
    async (request) => ({ page: await pages.update(request.params.id, request.body, actor(request)) }),
  );

  app.delete(
    '/api/v1/custom-pages',
    {
      config: { access: { permission: 'custom_pages.delete' } },
      schema: {
        tags,
        summary: 'Delete custom pages',
        body: ZBulkDeletePayloadSchema,
        response: { 200: ZBulkDeleteResponseSchema, ...errors },
      },
    },
    async (request) => {
      const deleted = await pages.deleteMany(request.body.ids, actor(request));
      return { message: `Deleted ${deleted} ${deleted === 1 ? 'page' : 'pages'}`, deleted };
    },
  );
};
