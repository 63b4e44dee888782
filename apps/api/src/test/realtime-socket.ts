import WebSocket from 'ws';

export type RealtimeEvent = Record<string, unknown> & { type?: string };

export type TestSocket = {
  ws: WebSocket;
  events: RealtimeEvent[];
  /** The first unread event of this type (waits up to 3 s). */
  next: (type: string) => Promise<RealtimeEvent>;
  /** Resolves with the close code once the server (or the client) closed the socket. */
  closed: Promise<number>;
};

/** A real WebSocket client on the realtime socket; rejects with `refused <status>` when refused. */
export function openRealtimeSocket(url: string, headers: Record<string, string>): Promise<TestSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    const events: RealtimeEvent[] = [];
    const waiters: (() => void)[] = [];
    const closed = new Promise<number>((done) => ws.once('close', (code) => done(code)));
    ws.on('message', (data) => {
      events.push(JSON.parse(data.toString()));
      for (const wake of waiters.splice(0)) wake();
    });
    const next = async (type: string) => {
      const deadline = Date.now() + 3_000;
      for (;;) {
        const found = events.find((event) => event.type === type);
        if (found) {
          events.splice(events.indexOf(found), 1);
          return found;
        }
        if (Date.now() > deadline) throw new Error(`no ${type} event`);
        await new Promise<void>((wake) => {
          waiters.push(wake);
          setTimeout(wake, 100);
        });
      }
    };
    ws.once('unexpected-response', (req, res) => {
      // With this listener ws leaves the refused request open: end it like a browser would.
      req.destroy();
      reject(new Error(`refused ${res.statusCode}`));
    });
    ws.once('error', reject);
    ws.once('open', () => resolve({ ws, events, next, closed }));
  });
}

/** The close code, or `'open'` when the socket is still open after `ms`. */
export function closedWithin(socket: TestSocket, ms: number): Promise<number | 'open'> {
  return Promise.race([
    socket.closed,
    new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), ms)),
  ]);
}
