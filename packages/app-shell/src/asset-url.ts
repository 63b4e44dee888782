/**
 * Settings store uploaded and bundled images as paths relative to the site root
 * (`images/logo-light.svg`); every app, under any basename or deep route, must load them from there.
 */
export function assetUrl(path: string | null | undefined): string {
  if (!path) return '';
  if (/^([a-z][a-z\d+.-]*:|\/)/i.test(path)) return path;
  return `/${path}`;
}
