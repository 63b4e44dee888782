import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { FastifyBaseLogger, FastifyServerFactory } from 'fastify';

/** What the front door tells an answer about its request: what Fastify's `Request` would say. */
export type FrontRequest = {
  /** The request id Fastify would have given it (the same `genReqId`). */
  id: string;
  /** The request's scheme (no `X-Forwarded-Proto` can be trusted here: see `hasForwarding`). */
  protocol: 'http' | 'https';
  /**
   * Called right before the answer writes its first byte: the request is the answer's from then
   * on (Fastify never sees it), so its request log starts there.
   */
  take: () => void;
};

/**
 * Answers a GET in full from the server's own request listener, before Fastify builds anything
 * for it, or says no (false, or a promise of false) and leaves it to Fastify, which then answers
 * it as if the front door were not there. Whoever answers writes every header Fastify's path
 * would give that answer.
 */
export type FrontAnswer = (
  req: IncomingMessage,
  res: ServerResponse,
  front: FrontRequest,
) => Promise<boolean> | false;

export type FrontDoorState = {
  answers: readonly FrontAnswer[];
  /** False while the app drains or closes: Fastify's path says so on every answer (`Connection: close`). */
  isOpen: () => boolean;
  log: FastifyBaseLogger;
};

export type FrontDoor = {
  /** Fastify's `serverFactory`: the server Fastify would make, with the front door's listener. */
  serverFactory: FastifyServerFactory;
  /** Opens the door once the app knows its answers (until then every request is Fastify's). */
  open: (state: FrontDoorState) => void;
};

const FORWARDED = ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto'] as const;

/** Whether a trusted proxy could change what Fastify says of the request (ip, host, scheme). */
function hasForwarding(headers: IncomingHttpHeaders): boolean {
  return FORWARDED.some((name) => headers[name] !== undefined);
}

type TServerOptions = {
  http?: http.ServerOptions;
  https?: unknown;
  http2?: unknown;
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number;
};

function isInfoLogged(log: FastifyBaseLogger): boolean {
  const logger = log as FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };
  return typeof logger.isLevelEnabled === 'function' && logger.isLevelEnabled('info');
}

/**
 * The front door of the api's HTTP server. Fastify's per-request work (router lookup and its
 * miss, the not-found context, `Request` and `Reply` objects, a child logger per request even
 * when nothing is logged, response listeners, the hook runner) costs a kept guest page about as
 * much CPU as writing its 53 KB does; an answer that needs none of it (see `FrontAnswer`) is
 * given the request first. Everything else goes to Fastify's handler as it came.
 *
 * `requestId` is the app's `genReqId`; `trustsProxy` its `trustProxy` (a request carrying any
 * `X-Forwarded-*` header then goes to Fastify, whose ip, host and scheme may come from them).
 */
export function createFrontDoor(options: {
  requestId: (req: IncomingMessage) => string;
  trustsProxy: boolean;
}): FrontDoor {
  let state: FrontDoorState | null = null;

  function listen(handler: (req: IncomingMessage, res: ServerResponse) => void) {
    return (req: IncomingMessage, res: ServerResponse) => {
      const current = state;
      if (
        current === null ||
        req.method !== 'GET' ||
        current.answers.length === 0 ||
        !current.isOpen() ||
        (options.trustsProxy && hasForwarding(req.headers))
      )
        return handler(req, res);
      const startedAt = performance.now();
      let log: FastifyBaseLogger | null = null;
      let isTaken = false;
      const front: FrontRequest = {
        id: options.requestId(req),
        protocol: (req.socket as TLSSocket).encrypted ? 'https' : 'http',
        take() {
          isTaken = true;
          if (isInfoLogged(current.log)) log = logRequest(current.log, req, res, front.id, startedAt);
        },
      };
      const fail = (error: unknown) => {
        // Nothing written yet: Fastify's path answers it (and reports what goes wrong there).
        if (!isTaken) return handler(req, res);
        (log ?? current.log).error({ err: error }, 'front door answer failed');
        res.destroy(error as Error);
      };
      const tryFrom = (from: number): void => {
        for (let index = from; index < current.answers.length; index++) {
          let answer: Promise<boolean> | false;
          try {
            answer = (current.answers[index] as FrontAnswer)(req, res, front);
          } catch (error) {
            fail(error);
            return;
          }
          if (answer === false) continue;
          answer.then((isAnswered) => {
            if (!isAnswered) tryFrom(index + 1);
          }, fail);
          return;
        }
        handler(req, res);
      };
      tryFrom(0);
    };
  }

  const serverFactory: FastifyServerFactory = (handler, rawOptions) => {
    const serverOptions = rawOptions as TServerOptions;
    if (serverOptions.https || serverOptions.http2)
      throw new Error('The front door serves plain HTTP/1 only (TLS is the proxy in front of the api).');
    // What Fastify's own factory does for an HTTP/1 server (fastify lib/server.js).
    const server = http.createServer(serverOptions.http ?? {}, listen(handler));
    if (serverOptions.keepAliveTimeout !== undefined)
      server.keepAliveTimeout = serverOptions.keepAliveTimeout;
    if (serverOptions.requestTimeout !== undefined) server.requestTimeout = serverOptions.requestTimeout;
    server.setTimeout(serverOptions.connectionTimeout ?? 0);
    if ((serverOptions.maxRequestsPerSocket ?? 0) > 0)
      server.maxRequestsPerSocket = serverOptions.maxRequestsPerSocket as number;
    return server;
  };

  return {
    serverFactory,
    open(next) {
      state = next;
    },
  };
}

/**
 * The request's two log lines as Fastify writes them (its LogController: `incoming request`, then
 * `request completed` or `request errored` when the response ends), through a child logger bound
 * to the request id as Fastify's (`reqId`), and through the logger's own `req`/`res` serializers,
 * given what Fastify's `Request` and `Reply` would give them.
 */
function logRequest(
  root: FastifyBaseLogger,
  req: IncomingMessage,
  res: ServerResponse,
  id: string,
  startedAt: number,
): FastifyBaseLogger {
  const log = root.child({ reqId: id });
  const request = {
    method: req.method,
    url: req.url,
    headers: req.headers,
    host: req.headers.host ?? '',
    ip: req.socket.remoteAddress,
    socket: req.socket,
  };
  log.info({ req: request }, 'incoming request');
  const done = (error?: Error) => {
    res.removeListener('finish', done);
    res.removeListener('error', done);
    const reply = { statusCode: res.statusCode };
    const responseTime = performance.now() - startedAt;
    if (error) log.error({ res: reply, err: error, responseTime }, 'request errored');
    else log.info({ res: reply, responseTime }, 'request completed');
  };
  res.on('finish', done);
  res.on('error', done);
  return log;
}
