import { apiUrl } from '@cadence/http-client/api-base-url';

export type RealtimeEvent = { type: string; [key: string]: unknown };
type Handler = (event: RealtimeEvent) => void;

export const REALTIME_PATH = '/api/v1/realtime';
const MIN_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;
/** The server sends a heartbeat every 25 s; silence for longer than this means a dead connection. */
const SILENCE_MS = 60_000;
/** The server closes a logged-out session's sockets with this code: reconnecting would be refused. */
export const SESSION_ENDED_CLOSE_CODE = 4401;

/** Exponential backoff with full jitter: many tabs reconnecting after a restart spread out. */
export function backoffDelay(attempt: number, random = Math.random): number {
  const ceiling = Math.min(MAX_DELAY_MS, MIN_DELAY_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export function realtimeUrl(path = REALTIME_PATH): string {
  const url = new URL(apiUrl(path), window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/**
 * One socket per tab to the api's realtime endpoint (the session cookie authenticates it).
 * Reconnects with backoff after any close, and when the server's heartbeat stops arriving.
 */
export function createRealtimeClient(onEvent: Handler, url = realtimeUrl()) {
  let socket: WebSocket | null = null;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let silenceTimer: ReturnType<typeof setTimeout> | undefined;
  let isStopped = false;

  function watchSilence() {
    clearTimeout(silenceTimer);
    silenceTimer = setTimeout(() => socket?.close(), SILENCE_MS);
  }

  function connect() {
    if (isStopped) return;
    const ws = new WebSocket(url);
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
      watchSilence();
    };
    ws.onmessage = (message) => {
      watchSilence();
      try {
        const event = JSON.parse(String(message.data)) as RealtimeEvent;
        if (event && typeof event.type === 'string' && event.type !== 'heartbeat') onEvent(event);
      } catch {
        // Not JSON: nothing a tab can act on.
      }
    };
    ws.onclose = (event) => {
      clearTimeout(silenceTimer);
      if (socket === ws) socket = null;
      if (event?.code === SESSION_ENDED_CLOSE_CODE) isStopped = true;
      if (isStopped) return;
      retryTimer = setTimeout(connect, backoffDelay(attempt));
      attempt += 1;
    };
  }

  connect();
  return {
    /** Sends a message while the socket is open (clock probes); false when it is not. */
    send(text: string): boolean {
      if (socket?.readyState !== WebSocket.OPEN) return false;
      socket.send(text);
      return true;
    },
    close() {
      isStopped = true;
      clearTimeout(retryTimer);
      clearTimeout(silenceTimer);
      socket?.close();
    },
  };
}
