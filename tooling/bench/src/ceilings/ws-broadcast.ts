import http from 'node:http';
import { WebSocketServer } from 'ws';

/**
 * The realtime-fanout ceiling: a bare `ws` server on node:http that greets each socket and, on
 * POST /broadcast, serialises one JSON event and writes it to every open socket. No auth, no
 * pub/sub, no framework: the least work a broadcast to N sockets can cost.
 */
const server = http.createServer((request, response) => {
  if (request.method === 'POST' && request.url === '/broadcast') {
    const json = JSON.stringify({ type: 'broadcast', unreadCount: 0 });
    for (const socket of sockets.clients) socket.send(json);
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    return;
  }
  response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
});
const sockets = new WebSocketServer({ server, maxPayload: 4096 });
sockets.on('connection', (socket) => socket.send('{"type":"connected","unreadCount":0}'));
server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
