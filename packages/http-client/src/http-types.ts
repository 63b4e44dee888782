import type { TCookieReader } from './cookies';
import type { TInlinedResponses } from './inlined-responses';
import type { TQueryParams } from './query-string';

export type THttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface TRequestOptions {
  params?: TQueryParams;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export interface TFullRequest extends TRequestOptions {
  method: THttpMethod;
  path: string;
  body?: unknown;
}

export interface THttpClientOptions {
  /** Origin (and optional path) the api lives at; '' means same origin. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Current workspace; 0 or null means none. Defaults to the `activeWorkspaceId` cookie. */
  getWorkspaceId?: () => number | null;
  getCookie?: TCookieReader;
  /** Answers inlined in the page for its first GETs, served instead of the network once each. */
  inlinedResponses?: TInlinedResponses;
}

/**
 * Success bodies are typed, not parsed: `get<TAlbumResponse>(...)` trusts the contract, which the
 * api enforces on its side (every route's response schema runs in its serializer). Parsing again
 * here would put zod and every response schema into the apps' first download.
 */
export interface THttpClient {
  request<T = unknown>(request: TFullRequest): Promise<T>;
  get<T = unknown>(path: string, options?: TRequestOptions): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: TRequestOptions): Promise<T>;
  put<T = unknown>(path: string, body?: unknown, options?: TRequestOptions): Promise<T>;
  patch<T = unknown>(path: string, body?: unknown, options?: TRequestOptions): Promise<T>;
  delete<T = unknown>(path: string, options?: TRequestOptions & { body?: unknown }): Promise<T>;
}

export const WORKSPACE_COOKIE = 'activeWorkspaceId';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
export const METHOD_OVERRIDE_HEADER = 'X-HTTP-Method-Override';
