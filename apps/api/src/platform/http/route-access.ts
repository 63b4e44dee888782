import type { PermissionName } from '@cadence/permissions/catalogue';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { can } from '../auth/can';
import { AppError } from './app-error';
import { routeConfigOf } from './route-config';

/**
 * Who may call a route, stated once in its options (`config: { access }`) and checked in
 * `onRequest`: before the body is read or validated, so a refused caller learns nothing about
 * the route's input and no validation work is done for it (401 for guests, 403 for the rest).
 *
 * - `'public'`: anyone, guests included (the route may still check finer rules itself).
 * - `'user'`: any signed-in user; finer rules such as ownership stay in the service.
 * - `{ permission }`: the permission, or any one of a list, through spec 6's rules (guests are
 *   governed by the guest role). `signedIn: true` also refuses guests whatever their role grants.
 */
export type RouteAccess =
  | 'public'
  | 'user'
  | { permission: PermissionName | readonly PermissionName[]; signedIn?: true };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyInstance {
    /** Every route with its declared access: what the access matrix test walks. */
    accessTable: () => AccessTableRow[];
  }
}

export type AccessTableRow = { method: string; url: string; access: RouteAccess; body?: unknown };

export function permissionsOf(access: RouteAccess): readonly PermissionName[] {
  if (typeof access === 'string') return [];
  return typeof access.permission === 'string' ? [access.permission] : access.permission;
}

async function isAllowed(request: FastifyRequest, access: RouteAccess): Promise<boolean> {
  if (access === 'public') return true;
  if (access === 'user') return !!request.user;
  if (access.signedIn && !request.user) return false;
  const guestRole = request.user ? null : await request.guestRole();
  return permissionsOf(access).some((permission) => can(request.user, guestRole, permission));
}

/**
 * For routes registered by a third-party plugin that takes no route config (static files):
 * routes that `isTheirs` picks and that state no access become public.
 */
export function declarePublicRoutes(app: FastifyInstance, isTheirs: (route: RouteOptions) => boolean): void {
  app.addHook('onRoute', (route) => {
    if (route.config?.access !== undefined || !isTheirs(route)) return;
    route.config = { ...route.config, access: 'public' };
  });
}

export const routeAccessPlugin = fp(
  async (app: FastifyInstance) => {
    // A route that does not say who may call it is a bug found when the app builds, not in
    // production: public routes say 'public'. Checked once every plugin has run its own
    // onRoute hooks (see `declarePublicRoutes`), so at ready time.
    const routes: RouteOptions[] = [];
    app.addHook('onRoute', (route) => {
      routes.push(route);
    });
    app.decorate('accessTable', () =>
      routes.flatMap((route) =>
        (Array.isArray(route.method) ? route.method : [route.method]).map((method) => ({
          method,
          url: route.url,
          access: route.config?.access ?? 'public',
          body: route.schema?.body,
        })),
      ),
    );
    app.addHook('onReady', async () => {
      const undeclared = routes
        .filter((route) => route.config?.access === undefined)
        .map(
          (route) => `${Array.isArray(route.method) ? route.method.join(',') : route.method} ${route.url}`,
        );
      if (undeclared.length > 0) {
        throw new Error(
          `Routes without a declared access (add config: { access }): ${undeclared.join('; ')}`,
        );
      }
    });
    app.addHook('onRequest', (request, _reply, done) => {
      const access = routeConfigOf(request)?.access;
      // Unmatched urls (the 404 handler) have no route options and nothing to protect; a public
      // route (most of a guest's traffic) is decided without a promise.
      if (access === undefined || access === 'public') return done();
      isAllowed(request, access).then((isOk) => {
        done(isOk ? undefined : new AppError(request.user ? 'forbidden' : 'unauthenticated'));
      }, done);
    });
  },
  { name: 'route-access', dependencies: ['auth'] },
);
