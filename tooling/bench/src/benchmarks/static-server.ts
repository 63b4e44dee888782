import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { LOOPBACK } from '../harness/ports';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

export type TStaticServer = { baseUrl: string; close: () => Promise<void> };

/** A built SPA served as a static host would: files as they are, index.html for any other path. */
export async function serveStatic(distDir: string): Promise<TStaticServer> {
  const root = path.resolve(distDir);
  const server = http.createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const file = path.join(root, pathname);
    const isInside = file.startsWith(`${root}${path.sep}`);
    const send = (target: string) =>
      readFile(target).then((body) => {
        response.writeHead(200, {
          'Content-Type': CONTENT_TYPES[path.extname(target)] ?? 'application/octet-stream',
        });
        response.end(body);
      });
    (isInside ? send(file) : Promise.reject(new Error('outside')))
      .catch(() => (path.extname(pathname) === '' ? send(path.join(root, 'index.html')) : Promise.reject()))
      .catch(() => {
        response.writeHead(404).end();
      });
  });
  await new Promise<void>((resolve) => server.listen(0, LOOPBACK, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://${LOOPBACK}:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
