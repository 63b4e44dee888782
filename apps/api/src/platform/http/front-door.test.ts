import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createFrontDoor, type FrontAnswer } from './front-door';
import { generateRequestId } from './request-id';

type TDoorApp = { app: FastifyInstance; baseUrl: string; lines: Record<string, unknown>[]; open: boolean };

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

/**
 * A Fastify behind a front door whose answer takes `GET /page` unless it carries `x-decline`
 * (then Fastify's route answers the same path with the same status and body); `answer` replaces it.
 */
async function doorApp(
  options: { trustsProxy?: boolean; answer?: FrontAnswer; level?: string } = {},
): Promise<TDoorApp> {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const door = createFrontDoor({ requestId: generateRequestId, trustsProxy: options.trustsProxy ?? false });
  const app = Fastify({
    logger: { level: options.level ?? 'info', stream },
    serverFactory: door.serverFactory,
    genReqId: generateRequestId,
    requestIdHeader: false,
    trustProxy: options.trustsProxy ?? false,
  });
  apps.push(app);
  app.get('/page', (request, reply) => {
    reply.header('x-request-id', request.id).header('content-type', 'text/plain').send('page');
  });
  const state: TDoorApp = { app, baseUrl: '', lines, open: true };
  const answer: FrontAnswer =
    options.answer ??
    ((req, res, front) => {
      if (req.url !== '/page' || req.headers['x-decline'] !== undefined) return false;
      // As a real answer does: decides after a turn of the event loop.
      return new Promise((resolve) =>
        setImmediate(() => {
          front.take();
          res.writeHead(200, ['x-request-id', front.id, 'content-type', 'text/plain', 'x-front', '1']);
          res.end('page');
          resolve(true);
        }),
      );
    });
  await app.ready();
  door.open({ answers: [answer], isOpen: () => state.open, log: app.log });
  state.baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  // Fastify's own "Server listening" line is not a request's.
  lines.length = 0;
  return state;
}

/** Settles once the server wrote the request's last log line. */
async function linesOf(door: TDoorApp, count: number) {
  await expect.poll(() => door.lines.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(count);
  return door.lines.splice(0);
}

describe('front door', () => {
  it('answers what its answer takes and hands everything else to Fastify', async () => {
    const door = await doorApp();
    const front = await fetch(`${door.baseUrl}/page`);
    expect(front.headers.get('x-front')).toBe('1');
    expect(await front.text()).toBe('page');
    // Declined after a turn: Fastify answers as if the door were not there.
    const declined = await fetch(`${door.baseUrl}/page`, { headers: { 'x-decline': '1' } });
    expect(declined.headers.get('x-front')).toBeNull();
    expect(await declined.text()).toBe('page');
    // Only GET is asked; a path it does not take is Fastify's (its 404).
    expect((await fetch(`${door.baseUrl}/page`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${door.baseUrl}/other`)).status).toBe(404);
    // Closing or draining: every request is Fastify's.
    door.open = false;
    expect((await fetch(`${door.baseUrl}/page`)).headers.get('x-front')).toBeNull();
  });

  it('gives the request id Fastify would, an incoming sane x-request-id included', async () => {
    const door = await doorApp();
    const kept = await fetch(`${door.baseUrl}/page`, { headers: { 'x-request-id': 'proxy-id-1' } });
    expect(kept.headers.get('x-front')).toBe('1');
    expect(kept.headers.get('x-request-id')).toBe('proxy-id-1');
    const made = await fetch(`${door.baseUrl}/page`);
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("writes the request log lines Fastify writes for the same answer, and none at 'warn'", async () => {
    const door = await doorApp();
    const stable = ({ time: _t, reqId, responseTime, req, ...rest }: Record<string, unknown>) => {
      expect(typeof reqId).toBe('string');
      if (responseTime !== undefined) expect(responseTime).toBeGreaterThanOrEqual(0);
      const { remotePort, ...request } = (req ?? {}) as Record<string, unknown>;
      if (req) expect(typeof remotePort).toBe('number');
      return { ...rest, ...(req ? { req: request } : {}) };
    };
    // The same request but for the header that makes the answer decline (not logged by Fastify).
    await fetch(`${door.baseUrl}/page`);
    const front = await linesOf(door, 2);
    await fetch(`${door.baseUrl}/page`, { headers: { 'x-decline': '1' } });
    const fastify = await linesOf(door, 2);
    expect(front.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(front.map(stable)).toEqual(fastify.map(stable));
    expect(front[0]?.reqId).toBe(front[1]?.reqId);

    const quiet = await doorApp({ level: 'warn' });
    expect((await fetch(`${quiet.baseUrl}/page`)).headers.get('x-front')).toBe('1');
    expect((await fetch(`${quiet.baseUrl}/page`, { headers: { 'x-decline': '1' } })).status).toBe(200);
    expect(quiet.lines).toEqual([]);
  });

  it('leaves a forwarded request to Fastify when proxies are trusted (its ip, host and scheme)', async () => {
    const trusting = await doorApp({ trustsProxy: true });
    const forwarded = await fetch(`${trusting.baseUrl}/page`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(forwarded.headers.get('x-front')).toBeNull();
    expect((await fetch(`${trusting.baseUrl}/page`)).headers.get('x-front')).toBe('1');
    const direct = await doorApp();
    const ignored = await fetch(`${direct.baseUrl}/page`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(ignored.headers.get('x-front')).toBe('1');
  });

  it('hands a request whose answer failed before writing to Fastify, and cuts one failed after', async () => {
    let failAfterTake = false;
    const door = await doorApp({
      answer: async (_req, _res, front) => {
        if (failAfterTake) front.take();
        throw new Error('answer failed');
      },
    });
    const before = await fetch(`${door.baseUrl}/page`);
    expect(before.status).toBe(200);
    expect(await before.text()).toBe('page');
    failAfterTake = true;
    await expect(fetch(`${door.baseUrl}/page`)).rejects.toThrow();
  });

  it('makes the server Fastify would make: the same timeouts', async () => {
    const door = await doorApp();
    const plain = Fastify();
    apps.push(plain);
    await plain.ready();
    for (const name of ['keepAliveTimeout', 'requestTimeout', 'timeout', 'maxRequestsPerSocket'] as const)
      expect(door.app.server[name]).toBe(plain.server[name]);
  });
});
