import { BACKSTAGE_ROOT_PATHS } from '@cadence/contracts/backstage-paths';
import type { TAppUrls } from '@cadence/contracts/bootstrap';

/** Paths served by another SPA or by the api itself, never by the player's router. */
export const SEPARATE_APP_PREFIXES = ['/admin', '/backstage', '/api-docs', ...BACKSTAGE_ROOT_PATHS] as const;

export type TAppLink = { kind: 'route'; to: string } | { kind: 'document'; href: string };

const hasPrefix = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/**
 * A root-relative path of any app as its address where that app is deployed: `/admin/users`
 * under `ADMIN_URL`, `/backstage/x` under `BACKSTAGE_URL`, `/api-docs` under the api, any other
 * path under `PLAYER_URL`. In the single-origin default these are the same paths, made absolute.
 */
export function toDeployedUrl(path: string, urls: TAppUrls): string {
  const under = (base: string, rest: string) => `${base.replace(/\/+$/, '')}${rest}`;
  if (hasPrefix(path, '/admin')) return under(urls.admin, path.slice('/admin'.length));
  if (hasPrefix(path, '/backstage')) return under(urls.backstage, path.slice('/backstage'.length));
  if (hasPrefix(path, '/api-docs')) return under(urls.api, path);
  return under(urls.player, path);
}

/**
 * Each SPA routes only its own paths: a menu item pointing at another app (the player's
 * "Admin area", the admin's "Web player") needs a full page load, to that app's own origin
 * when `urls` (bootstrap `app_urls`) says where the apps are deployed.
 * `basename` is '' for the player, '/admin' or '/backstage' for the others.
 */
export function resolveAppLink(href: string, basename: string, urls?: TAppUrls): TAppLink {
  const link = resolveWithinApps(href, basename);
  if (link.kind === 'route' || !urls || !link.href.startsWith('/') || link.href.startsWith('//')) return link;
  return { kind: 'document', href: toDeployedUrl(link.href, urls) };
}

function resolveWithinApps(href: string, basename: string): TAppLink {
  if (/^[a-z][a-z\d+.-]*:/i.test(href) || href.startsWith('//')) return { kind: 'document', href };
  const path = href.startsWith('/') ? href : `/${href}`;
  if (basename === '' || basename === '/') {
    const isOtherApp = SEPARATE_APP_PREFIXES.some((prefix) => hasPrefix(path, prefix));
    return isOtherApp ? { kind: 'document', href: path } : { kind: 'route', to: path };
  }
  if (hasPrefix(path, basename)) return { kind: 'route', to: path.slice(basename.length) || '/' };
  return { kind: 'document', href: path };
}
