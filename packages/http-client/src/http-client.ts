import { readApiBaseUrl } from './api-base-url';
import { buildRequest, buildRequestUrl } from './build-request';
import { readDocumentCookie } from './cookies';
import { type TFullRequest, type THttpClient, type THttpClientOptions, WORKSPACE_COOKIE } from './http-types';
import { inlinedResponses } from './inlined-responses';
import { readBody, toHttpError, toTransportError } from './read-response';

export type {
  TFullRequest,
  THttpClient,
  THttpClientOptions,
  THttpMethod,
  TRequestOptions,
} from './http-types';

export function createHttpClient(options: THttpClientOptions = {}): THttpClient {
  const getCookie = options.getCookie ?? readDocumentCookie;
  const getWorkspaceId = options.getWorkspaceId ?? (() => Number(getCookie(WORKSPACE_COOKIE)) || 0);
  // Resolved per call so a test or polyfill installed after import is still picked up.
  const doFetch: typeof fetch = (input, init) => (options.fetch ?? globalThis.fetch)(input, init);

  async function request<T>(req: TFullRequest): Promise<T> {
    const ctx = { baseUrl: options.baseUrl ?? '', getCookie, getWorkspaceId };
    // An inlined first answer is looked up by its URL alone: no Request (headers, body) is built for it.
    if (req.method === 'GET' && options.inlinedResponses) {
      const inlined = options.inlinedResponses.take(buildRequestUrl(req, ctx));
      if (inlined !== undefined) return inlined as T;
    }
    const built = buildRequest(req, ctx);
    let response: Response;
    let data: unknown;
    try {
      response = await doFetch(built);
      data = await readBody(response);
    } catch (error) {
      throw toTransportError(error);
    }
    if (!response.ok) throw toHttpError(response.status, data);
    return data as T;
  }

  return {
    request,
    get: (path, opts) => request({ ...opts, method: 'GET', path }),
    post: (path, body, opts) => request({ ...opts, method: 'POST', path, body }),
    put: (path, body, opts) => request({ ...opts, method: 'PUT', path, body }),
    patch: (path, body, opts) => request({ ...opts, method: 'PATCH', path, body }),
    delete: (path, opts) => request({ ...opts, method: 'DELETE', path }),
  };
}

/**
 * The browser client: the api's origin (the page's own, or the deploy-time `cadence-api-url`),
 * cookies from `document.cookie`, the page's inlined answers.
 */
export const apiClient: THttpClient = createHttpClient({ inlinedResponses, baseUrl: readApiBaseUrl() });
