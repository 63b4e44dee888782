import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './app-error';

const ALLOWED = new Set(['PUT', 'PATCH', 'DELETE']);
const INVALID_OVERRIDE = Symbol('invalidMethodOverride');

type OverridableRequest = IncomingMessage & { [INVALID_OVERRIDE]?: string };

function queryOverride(url: string): string | undefined {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return undefined;
  return new URLSearchParams(url.slice(queryStart + 1)).get('_method') ?? undefined;
}

/**
 * Fastify's `rewriteUrl` runs before the router looks the route up, so changing the method here
 * means routing, hooks and permission checks all see the real one. POST only.
 */
export function applyMethodOverride(req: IncomingMessage): string {
  const url = req.url ?? '/';
  if (req.method !== 'POST') return url;
  const header = req.headers['x-http-method-override'];
  const requested = (Array.isArray(header) ? header[0] : header) ?? queryOverride(url);
  if (!requested) return url;
  const method = requested.trim().toUpperCase();
  if (ALLOWED.has(method)) req.method = method;
  else (req as OverridableRequest)[INVALID_OVERRIDE] = requested;
  return url;
}

/** Answers 400 for override values other than PUT, PATCH and DELETE. */
export const methodOverridePlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (request, _reply, done) => {
      const invalid = (request.raw as OverridableRequest)[INVALID_OVERRIDE];
      if (invalid !== undefined) {
        return done(new AppError('bad_request', `Unsupported method override "${invalid.slice(0, 20)}".`));
      }
      done();
    });
  },
  { name: 'method-override' },
);
