/** `<meta name="cadence-api-url" content="https://api.example.com">`, written at deploy time. */
export const API_URL_META = 'cadence-api-url';

/**
 * Where the api lives, for an app served by a static host (nginx, object store, CDN) apart from
 * it: the deploy step writes the meta tag into index.html, so one build serves every deployment.
 * Empty (the api's own origin) when the tag is absent or empty, as in the single-process mode.
 */
export function readApiBaseUrl(
  doc: Pick<Document, 'querySelector'> | undefined = globalThis.document,
): string {
  const content = doc?.querySelector(`meta[name="${API_URL_META}"]`)?.getAttribute('content') ?? '';
  return content.trim().replace(/\/+$/, '');
}

/** An api path (`/api/v1/...`, `/secure/...`) as the URL to load, on the api's origin. */
export function apiUrl(path: string, doc?: Pick<Document, 'querySelector'>): string {
  if (/^[a-z][a-z\d+.-]*:|^\/\//i.test(path)) return path;
  return `${readApiBaseUrl(doc)}${path.startsWith('/') ? path : `/${path}`}`;
}
