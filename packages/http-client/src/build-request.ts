import type { TCookieReader } from './cookies';
import {
  METHOD_OVERRIDE_HEADER,
  type TFullRequest,
  type THttpMethod,
  XSRF_COOKIE,
  XSRF_HEADER,
} from './http-types';
import { appendQuery, buildQueryString, type TQueryParams } from './query-string';
import { resolveApiUrl } from './resolve-api-url';

const OVERRIDDEN_METHODS: ReadonlySet<THttpMethod> = new Set(['PUT', 'PATCH', 'DELETE']);
const WORKSPACE_METHODS: ReadonlySet<THttpMethod> = new Set(['GET', 'POST', 'PUT']);

export interface TBuildContext {
  baseUrl: string;
  getCookie: TCookieReader;
  getWorkspaceId: () => number | null;
}

/** The parts of one call's wire request that its URL depends on (see buildRequest). */
interface TRequestTarget {
  url: string;
  isOverridden: boolean;
}

function requestTarget(req: TFullRequest, ctx: TBuildContext): TRequestTarget {
  const params: TQueryParams = { ...req.params };
  const workspaceId = ctx.getWorkspaceId();
  if (workspaceId && WORKSPACE_METHODS.has(req.method) && !hasWorkspaceId(req.path, params, req.body)) {
    params.workspaceId = workspaceId;
  }
  const isOverridden = OVERRIDDEN_METHODS.has(req.method);
  if (isOverridden) params._method = req.method;
  const url = appendQuery(resolveApiUrl(req.path, ctx.baseUrl), buildQueryString(params, req.method));
  return { url, isOverridden };
}

/**
 * The URL one call goes to (as buildRequest's, before it is made absolute), without building its
 * `Request`: enough to look up an answer the page already holds (the first route's inlined GETs).
 */
export function buildRequestUrl(req: TFullRequest, ctx: TBuildContext): string {
  return requestTarget(req, ctx).url;
}

/**
 * Applies spec 7 "General" to one call and returns the Request that goes on the wire.
 * The workspace id always travels in the query string (for POST and PUT too), so JSON
 * bodies and FormData uploads stay exactly as the caller built them; it is skipped when the
 * caller already set `workspaceId` in the params, the path's own query or the body.
 */
export function buildRequest(req: TFullRequest, ctx: TBuildContext): Request {
  const { url, isOverridden } = requestTarget(req, ctx);
  const headers = new Headers({ Accept: 'application/json' });
  if (isOverridden) headers.set(METHOD_OVERRIDE_HEADER, req.method);
  if (req.method !== 'GET') {
    const token = ctx.getCookie(XSRF_COOKIE);
    if (token) headers.set(XSRF_HEADER, token);
  }
  for (const [name, value] of Object.entries(req.headers ?? {})) headers.set(name, value);

  const body = serialiseBody(req.body, headers);
  return new Request(toFetchableUrl(url), {
    method: isOverridden ? 'POST' : req.method,
    headers,
    body: req.method === 'GET' ? undefined : body,
    credentials: 'include',
    signal: req.signal,
  });
}

function hasWorkspaceId(path: string, params: TQueryParams, body: unknown): boolean {
  if (params.workspaceId !== undefined && params.workspaceId !== null) return true;
  if (new URLSearchParams(path.split('#', 1)[0]?.split('?')[1] ?? '').has('workspaceId')) return true;
  if (body instanceof FormData || body instanceof URLSearchParams) return body.has('workspaceId');
  return isPlainObject(body) && body.workspaceId !== undefined && body.workspaceId !== null;
}

function serialiseBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (isPassThroughBody(body)) return body;
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  return JSON.stringify(body);
}

function isPassThroughBody(body: unknown): body is BodyInit {
  return (
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body)
  );
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** `Request` needs an absolute URL outside the browser; root-relative paths use the page origin there. */
function toFetchableUrl(url: string): string {
  if (/^[a-z][a-z\d+.-]*:/i.test(url)) return url;
  const origin = typeof location === 'undefined' ? 'http://localhost' : location.origin;
  return new URL(url, origin).toString();
}
