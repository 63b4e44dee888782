import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { appOrigins } from '../../env';
import { isCredentialLive } from '../auth/credentials.repository';
import { AppError } from '../http/app-error';
import { SESSION_ENDED_CLOSE_CODE } from './realtime-hub';

export const REALTIME_PATH = '/api/v1/realtime';
/** A tab that reads slower than this much queued output is dropped (it reconnects and resyncs). */
const MAX_BUFFERED_BYTES = 1024 * 1024;

type Options = { heartbeatMs?: number };

/** `{type:'time', id}` -> `{type:'time', id, server}`; an id that is not a small integer is dropped. */
export function timeReply(text: string, now = Date.now()): string {
  let id: unknown = null;
  try {
    id = (JSON.parse(text) as { id?: unknown }).id;
  } catch {
    // A malformed probe still gets the time, just without an id to match it by.
  }
  const safeId = Number.isSafeInteger(id) ? id : null;
  return JSON.stringify({ type: 'time', id: safeId, server: now });
}

/**
 * The realtime socket (ws through @fastify/websocket). The upgrade request runs through the
 * normal hooks first, so the session cookie or a bearer token has already been resolved and
 * `access: 'user'` refuses guests with a 401 before any upgrade; the origin check below refuses
 * other sites (a cookie would otherwise let any page open a socket as the user).
 */
export async function realtimeRoutes(app: FastifyInstance, options: Options = {}) {
  const heartbeatMs = options.heartbeatMs ?? app.deps.env.REALTIME_HEARTBEAT_MS;
  const { realtime, settings } = app.services;
  const allowedOrigins = new Set([new URL(app.deps.env.APP_URL).origin, ...appOrigins(app.deps.env)]);
  const sockets = new Map<WebSocket, { isAlive: boolean }>();

  await app.register(websocket, { options: { maxPayload: 4096 } });
  // A refused upgrade (401 from the access check, which runs before the websocket plugin's own
  // hooks) leaves its socket open unless ended here; a hijacked, upgraded one never gets here.
  app.addHook('onResponse', async (request) => {
    if (request.headers.upgrade?.toLowerCase() === 'websocket') request.raw.socket?.destroy();
  });

  function checkOrigin(request: FastifyRequest) {
    const origin = request.headers.origin;
    // Browsers always send Origin on a WebSocket; only a bearer-token client may leave it out.
    if (!origin && request.authVia === 'token') return;
    if (!origin || !allowedOrigins.has(origin))
      throw new AppError('forbidden', 'This origin may not open a socket.');
  }

  app.get(
    REALTIME_PATH,
    {
      websocket: true,
      config: { access: 'user' },
      schema: { hide: true },
      preHandler: async (request) => {
        checkOrigin(request);
        if (!(await settings.get('realtime.enable')))
          throw new AppError('unavailable', 'Realtime is turned off.');
      },
    },
    async (socket, request) => {
      const user = request.user;
      if (!user) return socket.close(1008, 'Unauthenticated');
      const state = { isAlive: true };
      sockets.set(socket, state);
      const credential = {
        sessionId: request.authVia === 'session' ? request.sessionId : null,
        tokenId: request.authVia === 'token' ? request.accessTokenId : null,
      };
      const detach = await realtime.attach({
        userId: user.id,
        ...credential,
        close: (code, reason) => socket.close(code, reason),
        send: (json) => {
          if (socket.readyState !== socket.OPEN) return;
          if (socket.bufferedAmount > MAX_BUFFERED_BYTES) socket.terminate();
          else socket.send(json);
        },
      });
      socket.on('pong', () => {
        state.isAlive = true;
      });
      socket.on('message', (raw) => {
        state.isAlive = true;
        const text = raw.toString();
        // A tab sends its heartbeat probe, and clock probes (listening parties' NTP-style
        // samples): the answer carries this server's clock, stamped as late as possible.
        if (text === '{"type":"ping"}') socket.send('{"type":"pong"}');
        else if (text.startsWith('{"type":"time"')) socket.send(timeReply(text));
      });
      socket.on('close', () => {
        sockets.delete(socket);
        detach();
      });
      // A credential ended between this request's sign-in and the attach above was announced
      // before this socket could hear it: look at its row again now that it hears such news.
      if (!(await isCredentialLive(app.deps.db, credential))) {
        socket.send('{"type":"session.ended"}');
        return socket.close(SESSION_ENDED_CLOSE_CODE, 'Session ended');
      }
      // The tab resyncs its badge on every (re)connection: events missed while away are counted here.
      socket.send(JSON.stringify({ type: 'connected', unreadCount: user.unread_notifications_count }));
    },
  );

  // Protocol pings find dead peers on the server; the JSON heartbeat lets the tab notice a dead
  // server (browsers hide protocol pings from pages) and reconnect.
  const timer = setInterval(() => {
    for (const [socket, state] of sockets) {
      if (!state.isAlive) {
        socket.terminate();
        continue;
      }
      state.isAlive = false;
      socket.ping();
      socket.send('{"type":"heartbeat"}');
    }
  }, heartbeatMs);
  timer.unref();

  app.addHook('preClose', async () => {
    clearInterval(timer);
    // 1012 "service restart": the tabs reconnect, to another replica behind the load balancer.
    for (const socket of sockets.keys()) socket.close(1012, 'Server restarting');
    await realtime.close();
  });
}
