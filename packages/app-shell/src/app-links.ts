/** Paths served by another SPA or by the api itself, never by the player's router. */
export const SEPARATE_APP_PREFIXES = ['/admin', '/backstage', '/api-docs'] as const;

export type TAppLink = { kind: 'route'; to: string } | { kind: 'document'; href: string };

const hasPrefix = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/**
 * Each SPA routes only its own paths: a menu item pointing at another app (the player's
 * "Admin area", the admin's "Web player") needs a full page load.
 * `basename` is '' for the player, '/admin' or '/backstage' for the others.
 */
export function resolveAppLink(href: string, basename: string): TAppLink {
  if (/^[a-z][a-z\d+.-]*:/i.test(href) || href.startsWith('//')) return { kind: 'document', href };
  const path = href.startsWith('/') ? href : `/${href}`;
  if (basename === '' || basename === '/') {
    const isOtherApp = SEPARATE_APP_PREFIXES.some((prefix) => hasPrefix(path, prefix));
    return isOtherApp ? { kind: 'document', href: path } : { kind: 'route', to: path };
  }
  if (hasPrefix(path, basename)) return { kind: 'route', to: path.slice(basename.length) || '/' };
  return { kind: 'document', href: path };
}
