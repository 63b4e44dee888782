import { ZAdSlotParamsSchema } from '@cadence/contracts/ads';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appOrigins } from '../../env';
import { adFrameDocument, adFramePolicy } from './ad-frame';

/**
 * Spec 2.12 ad slots: each slot's code runs as its network expects (scripts included) in a
 * sandboxed iframe of its own, never in the page: see `adFramePolicy`.
 */
export const adsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { settings } = app.services;
  const policy = adFramePolicy(appOrigins(app.deps.env));

  app.get(
    '/api/v1/ads/:slot/frame',
    {
      config: { access: 'public' },
      schema: {
        tags: ['ads'],
        summary: 'The document of one ad slot, for its sandboxed iframe',
        params: ZAdSlotParamsSchema,
      },
    },
    async (request, reply) => {
      const [disabled, html] = await Promise.all([
        settings.get('ads.disable'),
        settings.get(`ads.${request.params.slot}`),
      ]);
      const code = disabled ? '' : html;
      reply.removeHeader('x-frame-options');
      return reply
        .code(code.trim() === '' ? 404 : 200)
        .header('content-security-policy', policy)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(adFrameDocument(code));
    },
  );
};
