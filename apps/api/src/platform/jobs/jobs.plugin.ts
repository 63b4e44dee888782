import fp from 'fastify-plugin';
import { createInProcessQueue } from './in-process-queue';
import type { JobQueue } from './jobs';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

/** `QUEUE_DRIVER=redis` with `REDIS_URL` puts jobs on BullMQ; `QUEUE_WORKER=false` only enqueues. */
export const jobsPlugin = fp(
  async (app) => {
    const { env } = app.deps;
    const log = { error: (details: object, message: string) => app.log.error(details, message) };
    const isRedis = Boolean(env.REDIS_URL) && env.QUEUE_DRIVER === 'redis';
    // BullMQ (~29 MiB) loads only for the redis driver.
    const jobs =
      isRedis && env.REDIS_URL
        ? (await import('./redis-queue')).createRedisQueue({
            url: env.REDIS_URL,
            isWorker: env.QUEUE_WORKER,
            log,
          })
        : createInProcessQueue(log);
    app.decorate('jobs', jobs);
    app.addHook('onClose', async () => jobs.close());
  },
  { name: 'cadence-jobs' },
);
