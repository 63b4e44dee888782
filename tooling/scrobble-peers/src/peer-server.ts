import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type PeerRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  raw: string;
};
export type PeerReply = { status: number; body: string; type: string; location?: string };
/** What the next requests get instead of an answer: a status, or no answer at all (a hang). */
export type Outage = { status: number } | 'hang';

export const jsonReply = (status: number, body: unknown): PeerReply => ({
  status,
  body: JSON.stringify(body),
  type: 'application/json',
});
export const htmlReply = (page: string): PeerReply => ({
  status: 200,
  body: page,
  type: 'text/html; charset=utf-8',
});

/**
 * One HTTP server for a peer, with what tests need around it: an outage for the next N requests
 * (a status such as 500, or a hang that only a client timeout ends) and waiters woken by events.
 */
export async function servePeer(handle: (request: PeerRequest) => PeerReply | Promise<PeerReply>) {
  const outages: Outage[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const outage = outages.shift();
    if (outage === 'hang') {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    if (outage) {
      res.writeHead(outage.status, { 'content-type': 'text/plain' }).end('Service unavailable');
      return;
    }
    const url = new URL(req.url ?? '/', 'http://peer');
    try {
      const reply = await handle({
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(reply.status, {
        'content-type': reply.type,
        ...(reply.location ? { location: reply.location } : {}),
      });
      res.end(reply.body);
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    /** The next `count` requests fail this way (then the peer answers again). */
    failNext(count: number, outage: Outage) {
      for (let i = 0; i < count; i += 1) outages.push(outage);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Resolves when `isDone()` holds, re-checked on each `notify()`: tests wait for events, not clocks. */
export function createWaiters() {
  const waiters = new Set<{ isDone: () => boolean; resolve: () => void }>();
  return {
    notify() {
      for (const waiter of [...waiters]) {
        if (!waiter.isDone()) continue;
        waiters.delete(waiter);
        waiter.resolve();
      }
    },
    until(isDone: () => boolean): Promise<void> {
      if (isDone()) return Promise.resolve();
      return new Promise((resolve) => waiters.add({ isDone, resolve }));
    },
  };
}
