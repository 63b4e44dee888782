import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { XSRF_HEADER } from './csrf';

const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';
const ALLOWED_HEADERS = `Accept, Accept-Language, Authorization, Content-Type, X-Requested-With, X-HTTP-Method-Override, ${XSRF_HEADER}`;
/** How long a browser may reuse a preflight answer (seconds): 10 minutes, Chromium's own cap. */
const PREFLIGHT_MAX_AGE = '600';

/**
 * CORS with credentials for the apps deployed on their own origins (`PLAYER_URL`, `ADMIN_URL`,
 * `BACKSTAGE_URL`), and for those origins only: any other origin gets no `Access-Control-*`
 * header, so the browser keeps the answer from it. Preflights are answered here, before access
 * checks and rate limits that would turn them into 401/404s.
 */
export const corsPlugin = fp(
  async (app: FastifyInstance, options: { origins: string[] }) => {
    const allowed = new Set(options.origins);
    if (allowed.size === 0) return;
    app.addHook('onRequest', async (request, reply) => {
      const origin = request.headers.origin;
      if (!origin) return;
      reply.header('vary', 'Origin');
      const isAllowed = allowed.has(origin);
      if (isAllowed) {
        reply.header('access-control-allow-origin', origin);
        reply.header('access-control-allow-credentials', 'true');
        reply.header('access-control-expose-headers', 'Content-Disposition, X-Request-Id');
      }
      if (request.method !== 'OPTIONS' || !request.headers['access-control-request-method']) return;
      if (isAllowed) {
        reply.header('access-control-allow-methods', ALLOWED_METHODS);
        reply.header('access-control-allow-headers', ALLOWED_HEADERS);
        reply.header('access-control-max-age', PREFLIGHT_MAX_AGE);
      }
      return reply.code(204).send();
    });
  },
  { name: 'cors' },
);
