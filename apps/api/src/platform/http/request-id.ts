import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const SAFE_ID = /^[\w.:-]{1,128}$/;

/** Honours a sane incoming `x-request-id` (from a proxy) or makes one. */
export function generateRequestId(req: IncomingMessage): string {
  const header = req.headers['x-request-id'];
  const incoming = Array.isArray(header) ? header[0] : header;
  return incoming && SAFE_ID.test(incoming) ? incoming : randomUUID();
}

export const requestIdPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id);
      done();
    });
  },
  { name: 'request-id' },
);
