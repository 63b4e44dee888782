import { ZBootstrapResponseSchema } from '@cadence/contracts/bootstrap';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { issueXsrfToken } from '../../platform/http/csrf';
import type { BootstrapRequest } from './bootstrap.service';

async function bootstrapRequest(request: FastifyRequest, reply: FastifyReply): Promise<BootstrapRequest> {
  const csrfToken = issueXsrfToken(request, reply);
  return { user: request.user, guestRole: await request.guestRole(), cookies: request.cookies, csrfToken };
}

/** Bootstrap data for this request; also issues the XSRF cookie the apps echo back. */
export async function bootstrapDataFor(request: FastifyRequest, reply: FastifyReply) {
  return request.server.services.bootstrap.build(await bootstrapRequest(request, reply));
}

/** The same data as `bootstrapDataFor`, serialized (JSON text of `TBootstrapData`). */
export async function bootstrapJsonFor(request: FastifyRequest, reply: FastifyReply): Promise<string> {
  return request.server.services.bootstrap.buildJson(await bootstrapRequest(request, reply));
}

/** Both forms from one resolution: the object and its JSON text (the player's pages inline the text). */
export async function bootstrapBothFor(request: FastifyRequest, reply: FastifyReply) {
  return request.server.services.bootstrap.buildBoth(await bootstrapRequest(request, reply));
}

export const bootstrapRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/bootstrap-data',
    {
      config: { access: 'public' },
      schema: {
        tags: ['bootstrap'],
        summary: 'Settings, i18n, themes, menus, current user and cookie notice flag (spec 1)',
        response: { 200: ZBootstrapResponseSchema },
      },
    },
    async (request, reply) => {
      const json = await bootstrapJsonFor(request, reply);
      reply.header('cache-control', 'no-store').type('application/json; charset=utf-8');
      // A JSON string goes out as is: the schema above documents the response, while the parts
      // were validated against it when cached (re-validating ~30 KB per request halved throughput).
      return reply.send(`{"bootstrapData":${json}}` as never);
    },
  );
};
