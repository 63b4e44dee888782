import { ZBootstrapResponseSchema } from '@cadence/contracts/bootstrap';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { XSRF_COOKIE, xsrfTokenFor } from '../../platform/http/csrf';
import { createResponseBuffers, joinForResponse } from '../../platform/http/response-buffers';
import type { BootstrapRequest } from './bootstrap.service';

async function bootstrapRequest(request: FastifyRequest, reply: FastifyReply): Promise<BootstrapRequest> {
  return {
    user: request.user,
    guestRole: await request.guestRole(),
    cookies: request.cookies,
    csrfToken: issueToken(request, reply),
  };
}

/**
 * `issueXsrfToken`, its `Set-Cookie` value serialized once per attribute set (`xsrfTokenFor`)
 * rather than by @fastify/cookie per answer (its `onSend` appends any cookie set after this one).
 */
function issueToken(request: FastifyRequest, reply: FastifyReply): string {
  const { token, setCookie } = xsrfTokenFor(request, request.cookies);
  if (setCookie) {
    reply.header('set-cookie', setCookie);
    request.cookies[XSRF_COOKIE] = token;
  }
  return token;
}

/** Bootstrap data for this request; also issues the XSRF cookie the apps echo back. */
export async function bootstrapDataFor(request: FastifyRequest, reply: FastifyReply) {
  return request.server.services.bootstrap.build(await bootstrapRequest(request, reply));
}

/**
 * For a player, admin or backstage page: the object (its first route and SEO read it), the
 * bootstrap data's inline script as bytes, between `wrap.before` and `wrap.after`, and the guest
 * role it was built with (a page kept for guests is only valid for that one).
 */
export async function bootstrapForPage(
  request: FastifyRequest,
  reply: FastifyReply,
  wrap: { before: string; after: string },
) {
  return pageFrom(request.server, await bootstrapRequest(request, reply), wrap);
}

/**
 * `bootstrapForPage` for a guest's page answered before the cookie and auth hooks, or before
 * Fastify (platform/http/early-answer.ts, front-door.ts): its cookies parsed and its XSRF token
 * chosen by the caller.
 */
export async function bootstrapForGuestPage(
  app: FastifyInstance,
  cookies: Record<string, string | undefined>,
  csrfToken: string,
  wrap: { before: string; after: string },
) {
  return pageFrom(app, { user: null, guestRole: await app.guestRole(), cookies, csrfToken }, wrap);
}

/** The page's bootstrap pieces and the guest role they were built with. */
async function pageFrom(
  app: FastifyInstance,
  bootstrap: BootstrapRequest,
  wrap: { before: string; after: string },
) {
  const page = await app.services.bootstrap.buildForPage(bootstrap, wrap);
  return { ...page, guestRole: bootstrap.guestRole };
}

export const bootstrapRoutes: FastifyPluginAsyncZod = async (app) => {
  const buffers = createResponseBuffers();
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
      const parts = await request.server.services.bootstrap.buildJsonParts(
        await bootstrapRequest(request, reply),
        '{"bootstrapData":',
        '}',
      );
      // Joined into pooled memory a finished answer gave back, when there is some.
      const bytes = joinForResponse(buffers, reply.raw, parts);
      reply.header('cache-control', 'no-store').type('application/json; charset=utf-8');
      // JSON bytes go out as they are: the schema above documents the response, while the parts
      // were validated against it when cached (re-validating ~30 KB per request halved throughput),
      // and encoded once (a ~30 KB string with one non-Latin-1 character is encoded per send).
      return reply.send(bytes as never);
    },
  );
};
