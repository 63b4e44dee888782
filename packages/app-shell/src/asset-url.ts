import { readApiBaseUrl } from '@cadence/http-client/api-base-url';

/**
 * Settings store uploaded and bundled images as paths relative to the site root
 * (`images/logo-light.svg`); every app, under any basename or deep route, must load them from there:
 * the api's root, which is another origin when the app is deployed apart (`cadence-api-url`).
 */
export function assetUrl(path: string | null | undefined): string {
  if (!path) return '';
  if (/^([a-z][a-z\d+.-]*:|\/)/i.test(path)) return path;
  return `${readApiBaseUrl()}/${path}`;
}
