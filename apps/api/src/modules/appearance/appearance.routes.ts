import { ZAppearancePayloadSchema, ZAppearanceResponseSchema } from '@cadence/contracts/appearance';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth/access';
import { createAppearanceService } from './appearance.service';

const errors = { 401: ZErrorEnvelopeSchema, 403: ZErrorEnvelopeSchema, 422: ZErrorEnvelopeSchema };
const access = { access: { permission: 'appearance.update', signedIn: true } } as const;

/** The appearance editor's data (spec 2.12 /admin/appearance, permission appearance.update). */
export const appearanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const appearance = createAppearanceService({ db: app.deps.db, settings: app.services.settings });

  app.get(
    '/api/v1/appearance',
    {
      config: access,
      schema: {
        tags: ['appearance'],
        summary: 'Branding, custom code, themes, menus, landing page and SEO overrides',
        response: { 200: ZAppearanceResponseSchema, ...errors },
      },
    },
    async () => appearance.get(),
  );

  app.post(
    '/api/v1/appearance',
    {
      config: access,
      schema: {
        tags: ['appearance'],
        summary: 'Save the appearance editor: applies for everyone through bootstrap data',
        body: ZAppearancePayloadSchema,
        response: { 200: ZAppearanceResponseSchema, ...errors },
      },
    },
    async (request) => appearance.save(requireUser(request).id, request.body),
  );
};
