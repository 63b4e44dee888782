import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type PeerRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  raw: string;
  params: Record<string, string>;
};
export type PeerReply = { status: number; body: unknown; headers?: Record<string, string> };
type Handler = (request: PeerRequest) => PeerReply | Promise<PeerReply>;

/** Stripe's form encoding (`a[b][0][c]=x`) back into nested objects and arrays. */
export function parseForm(raw: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const parts = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, index) => {
      const isLast = index === parts.length - 1;
      const nextIsIndex = /^\d+$/.test(parts[index + 1] ?? '');
      const container = node as Record<string, unknown>;
      if (isLast) container[part] = value;
      else {
        container[part] ??= nextIsIndex ? [] : {};
        node = container[part] as Record<string, unknown>;
      }
    });
  }
  return root;
}

export const json = (status: number, body: unknown): PeerReply => ({ status, body });
export const html = (status: number, page: string): PeerReply => ({
  status,
  body: page,
  headers: { 'content-type': 'text/html; charset=utf-8' },
});
export const redirect = (location: string): PeerReply => ({ status: 303, body: '', headers: { location } });

/** A tiny router: `METHOD /path/:param`. Enough for a test peer; no framework to keep it honest and small. */
export function createRouter() {
  const routes: { method: string; pattern: RegExp; names: string[]; handler: Handler }[] = [];
  return {
    on(method: string, path: string, handler: Handler) {
      const names: string[] = [];
      const pattern = new RegExp(
        `^${path.replace(/:(\w+)/g, (_m, name: string) => {
          names.push(name);
          return '([^/]+)';
        })}$`,
      );
      routes.push({ method, pattern, names, handler });
    },
    async handle(request: Omit<PeerRequest, 'params'>): Promise<PeerReply> {
      for (const route of routes) {
        if (route.method !== request.method) continue;
        const match = route.pattern.exec(request.path);
        if (!match) continue;
        const params = Object.fromEntries(
          route.names.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? '')]),
        );
        return route.handler({ ...request, params });
      }
      return json(404, {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${request.method}: ${request.path}).`,
        },
      });
    },
  };
}

export async function listen(
  router: ReturnType<typeof createRouter>,
  port = 0,
): Promise<{ server: Server; url: string; close: () => Promise<void> }> {
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://peer');
    try {
      const reply = await router.handle({
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      const isText = typeof reply.body === 'string';
      res.writeHead(reply.status, {
        'content-type': isText ? 'text/plain; charset=utf-8' : 'application/json',
        ...reply.headers,
      });
      res.end(isText ? reply.body : reply.status === 204 ? undefined : JSON.stringify(reply.body));
    } catch (error) {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    server,
    url: `http://127.0.0.1:${bound}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let counter = 0;
export const newId = (prefix: string, separator = '_') =>
  `${prefix}${separator}${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 8)}`;

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** A period end: `count` intervals after `from` (seconds). */
export function addInterval(from: number, interval: string, count: number): number {
  const date = new Date(from * 1000);
  if (interval === 'day') date.setUTCDate(date.getUTCDate() + count);
  else if (interval === 'month') date.setUTCMonth(date.getUTCMonth() + count);
  else date.setUTCFullYear(date.getUTCFullYear() + count);
  return Math.floor(date.getTime() / 1000);
}
