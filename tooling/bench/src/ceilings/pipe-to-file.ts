import { createWriteStream } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

/**
 * The uploads ceiling: a bare Node handler that pipes each request body into a new file in
 * UPLOAD_DIR, as a tus PATCH lands in the file store, minus the protocol, auth and database.
 */
const directory = process.env.UPLOAD_DIR ?? '.';
let count = 0;

const server = http.createServer((request, response) => {
  if (request.method === 'GET') {
    response.writeHead(200).end('ok');
    return;
  }
  count += 1;
  const target = path.join(directory, `upload-${process.pid}-${count}`);
  pipeline(request, createWriteStream(target)).then(
    () => response.writeHead(204).end(),
    () => response.writeHead(500).end(),
  );
});

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => server.close(() => process.exit(0)));
}

server.listen(Number(process.env.PORT ?? 3000), process.env.HOST ?? '127.0.0.1');
