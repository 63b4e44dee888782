import type { EnqueueOptions, JobHandler, JobLog, JobQueue } from './jobs';

/** Like the BullMQ queue (redis-queue.ts): 3 attempts, exponential backoff from 1 s. */
const ATTEMPTS = 3;
const BACKOFF_MS = 1_000;

export type InProcessQueueOptions = { backoffMs?: number };

/** Runs jobs one at a time on this process's event loop, after the current request. */
export function createInProcessQueue(log: JobLog, options: InProcessQueueOptions = {}): JobQueue {
  const handlers = new Map<string, JobHandler>();
  const waiting = new Set<string>();
  const retries = new Set<Promise<void>>();
  const backoffMs = options.backoffMs ?? BACKOFF_MS;
  let tail: Promise<void> = Promise.resolve();
  let isClosed = false;

  function run(name: string, handler: JobHandler, payload: unknown, attempt: number, key: string | null) {
    tail = tail.then(async () => {
      if (key && attempt === 1) waiting.delete(key);
      try {
        await handler(payload);
      } catch (error) {
        if (attempt >= ATTEMPTS || isClosed) {
          log.error({ err: error, job: name }, 'Job failed');
          return;
        }
        // A failed attempt waits outside the chain so later jobs are not held up by its backoff.
        const retry = new Promise<void>((resolve) => {
          setTimeout(resolve, backoffMs * 2 ** (attempt - 1)).unref();
        }).then(() => {
          retries.delete(retry);
          if (!isClosed) run(name, handler, payload, attempt + 1, key);
        });
        retries.add(retry);
      }
    });
  }

  return {
    kind: 'in-process',
    register(name, handler) {
      handlers.set(name, handler);
    },
    async enqueue(name, payload, options: EnqueueOptions = {}) {
      if (isClosed) throw new Error('The job queue is closed.');
      const handler = handlers.get(name);
      if (!handler) throw new Error(`No handler for job ${name}.`);
      const key = options.jobId ? `${name}:${options.jobId}` : null;
      if (key && waiting.has(key)) return;
      if (key) waiting.add(key);
      run(name, handler, payload, 1, key);
    },
    async drain() {
      let seen: Promise<void> | null = null;
      while (seen !== tail || retries.size > 0) {
        seen = tail;
        await seen;
        if (retries.size > 0) await Promise.all([...retries]);
      }
    },
    async close() {
      isClosed = true;
      await tail;
    },
  };
}
