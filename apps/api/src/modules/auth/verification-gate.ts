import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../platform/http/app-error';
import { UNVERIFIED_MESSAGE } from './auth-messages';

/** Routes an unverified user still needs: the verify-email screen, logout and bootstrap. */
const ALLOWED_ROUTES = new Set([
  'GET /api/v1/bootstrap-data',
  'POST /auth/logout',
  'POST /api/v1/resend-email-verification',
  'POST /api/v1/validate-email-verification-otp',
  'GET /api/v1/users/:id',
]);

function isApiPath(path: string): boolean {
  const lower = path.toLowerCase();
  return lower.startsWith('/api/') || lower.startsWith('/auth/') || lower.startsWith('/secure/');
}

function isAllowed(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  return route !== undefined && ALLOWED_ROUTES.has(`${request.method} ${route}`);
}

/**
 * Spec 2.1/6: when email confirmation is required, an unverified user is refused on the
 * server too (403), not only by the apps' route gate.
 */
export const verificationGatePlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (request, _reply, done) => {
      const user = request.user;
      if (!user || user.email_verified_at) return done();
      const path = request.url.split('?', 1)[0] ?? '/';
      if (!isApiPath(path) || isAllowed(request)) return done();
      app.services.settings.get('require_email_confirmation').then((isRequired) => {
        done(isRequired ? new AppError('forbidden', UNVERIFIED_MESSAGE) : undefined);
      }, done);
    });
  },
  { name: 'verification-gate', dependencies: ['auth'] },
);
