import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export type Lifecycle = {
  /** True from SIGTERM on: readiness answers 503 so a load balancer stops sending new work. */
  isDraining: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

/**
 * A rolling restart drops nothing when the replica keeps serving while the load balancer takes
 * it out of rotation, and every answer during that time closes its connection: when the server
 * finally stops listening no kept-alive socket is left for a request to race the close on.
 */
export const drainPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('lifecycle', { isDraining: false });
    app.addHook('onSend', (_request, reply, _payload, done) => {
      if (app.lifecycle.isDraining) reply.header('connection', 'close');
      done();
    });
  },
  { name: 'drain' },
);
