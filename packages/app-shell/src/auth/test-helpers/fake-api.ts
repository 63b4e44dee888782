import { vi } from 'vitest';

export interface TRecordedCall {
  method: string;
  path: string;
  search: string;
  body: unknown;
}

type TReply = { status?: number; body?: unknown } | (() => Promise<{ status?: number; body?: unknown }>);

/**
 * Replaces `fetch` with a table of `METHOD path` -> reply (the override header gives the real
 * method), recording each call. Unknown calls answer 404 so a test sees them fail.
 */
export function fakeApi(routes: Record<string, TReply>) {
  const calls: TRecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const request = input as Request;
    const url = new URL(request.url);
    const method = request.headers.get('X-HTTP-Method-Override') ?? request.method;
    const text = request.method === 'GET' ? '' : await request.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // multipart and other bodies stay as text
    }
    calls.push({ method, path: url.pathname, search: url.search, body });
    const route = routes[`${method} ${url.pathname}`];
    const reply = typeof route === 'function' ? await route() : route;
    const status = reply?.status ?? (route ? 200 : 404);
    return new Response(JSON.stringify(reply?.body ?? { message: 'Not found' }), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
