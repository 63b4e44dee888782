/** Spec 7 "General": paths under these first segments are served without the `api/v1/` prefix. */
export const UNPREFIXED_SEGMENTS = ['auth', 'secure', 'log-viewer', 'horizon'] as const;

export const API_PREFIX = 'api/v1/';

const ABSOLUTE_URL = /^(?:[a-z][a-z\d+.-]*:)?\/\//i;

export function isAbsoluteUrl(path: string): boolean {
  return ABSOLUTE_URL.test(path);
}

/**
 * "Starts with auth" is read as a whole first path segment: `auth/login` and `auth?x` are exempt,
 * `authors` is an api/v1 resource like any other.
 */
function startsWithSegment(path: string, segment: string): boolean {
  if (!path.startsWith(segment)) return false;
  const next = path.charAt(segment.length);
  return next === '' || next === '/' || next === '?' || next === '#';
}

function isExempt(path: string): boolean {
  if (startsWithSegment(path, 'api/v1')) return true;
  return UNPREFIXED_SEGMENTS.some((segment) => startsWithSegment(path, segment));
}

/**
 * Turns an api path into the URL to fetch.
 * - `http(s)://...` and `//host/...` are returned untouched.
 * - A single leading `/` is insignificant: `users` and `/users` both become `/api/v1/users`;
 *   a path already under `api/v1/` (`api/v1/logs/x` or `/api/v1/logs/x`) is not prefixed
 *   again, and exempt paths (`auth/login`) only gain the leading `/`.
 * - The result is root-relative, or `base` (trailing slashes dropped) + that path. With no
 *   base or an absolute base the function is idempotent.
 */
export function resolveApiUrl(path: string, base = ''): string {
  if (isAbsoluteUrl(path)) return path;
  const relative = path.replace(/^\/+/, '');
  const prefixed = isExempt(relative) ? relative : `${API_PREFIX}${relative}`;
  return `${base.replace(/\/+$/, '')}/${prefixed}`;
}
