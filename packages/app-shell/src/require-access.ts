import type { PermissionName } from '@cadence/permissions/catalogue';
import { checkRouteAccess } from '@cadence/permissions/route-access';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { toDeployedUrl } from './app-links';
import { getBootstrapData } from './bootstrap-store';

export interface RequireAccessOptions {
  permissions?: readonly PermissionName[];
  requireLogin?: boolean;
}

/**
 * Loader guard for spec 6 route permissions: throws a redirect to /login or /pricing, or a 404
 * response (shown as the 404 page by the route error boundary). Redirect targets are absolute
 * URLs on the request's origin, so admin and backstage leave their basename for the player's
 * pages with a full load while the player stays client-side. With the apps on their own origins
 * (bootstrap `app_urls`), /login and /pricing are the player's, on its origin.
 */
export function requireAccess(options: RequireAccessOptions, request: Request): null {
  const { user, guest_role: guestRole, settings, app_urls: appUrls } = getBootstrapData();
  const access = checkRouteAccess({
    subject: { user, guestRole },
    permissions: options.permissions,
    requireLogin: options.requireLogin,
    billingEnabled: settings.billing.enable,
  });
  if (access.allowed) return null;
  if ('redirect' in access) {
    throw redirect(
      appUrls ? toDeployedUrl(access.redirect, appUrls) : new URL(access.redirect, request.url).href,
    );
  }
  throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
}

/** `loader: accessLoader({permissions: ['admin.access']})` */
export function accessLoader(options: RequireAccessOptions): (args: LoaderFunctionArgs) => null {
  return ({ request }) => requireAccess(options, request);
}
