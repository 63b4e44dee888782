// Zod-free on purpose: the api's page serving, the apps' link resolution and the backstage's
// start-up read these, and none of them should pull backstage.ts's schemas in.
/**
 * Spec 2.10: the request form also answers at the site's root (`/become-artist`,
 * `/claim-artist`), served by the backstage app, not the player.
 */
export const BACKSTAGE_ROOT_PATHS = ['/become-artist', '/claim-artist'] as const;

/** The same form under the backstage's own base (`/backstage/requests/become-artist`). */
export function backstageRequestPath(rootPath: (typeof BACKSTAGE_ROOT_PATHS)[number]): string {
  return `/backstage/requests${rootPath}`;
}

export function isBackstageRootPath(pathname: string): boolean {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (BACKSTAGE_ROOT_PATHS as readonly string[]).includes(trimmed);
}
