import { randomUUID } from 'node:crypto';
import type { EnqueueOptions, FailedJob, JobHandler, JobLog, JobQueue } from './jobs';

/** Like the BullMQ queue (redis-queue.ts): 3 attempts, exponential backoff from 1 s. */
const ATTEMPTS = 3;
const BACKOFF_MS = 1_000;
/** Failed jobs kept for the admin to retry (oldest dropped first). */
const FAILED_KEPT = 50;

export type InProcessQueueOptions = { backoffMs?: number };

/** Runs jobs one at a time on this process's event loop, after the current request. */
export function createInProcessQueue(log: JobLog, options: InProcessQueueOptions = {}): JobQueue {
  const handlers = new Map<string, JobHandler>();
  const waiting = new Set<string>();
  const retries = new Set<Promise<void>>();
  const backoffMs = options.backoffMs ?? BACKOFF_MS;
  let tail: Promise<void> = Promise.resolve();
  let isClosed = false;
  let pending = 0;
  let active = 0;
  const failed: (FailedJob & { payload: unknown })[] = [];

  function run(name: string, handler: JobHandler, payload: unknown, attempt: number, key: string | null) {
    pending += 1;
    tail = tail.then(async () => {
      if (key && attempt === 1) waiting.delete(key);
      pending -= 1;
      active += 1;
      try {
        await handler(payload);
      } catch (error) {
        if (attempt >= ATTEMPTS || isClosed) {
          log.error({ err: error, job: name }, 'Job failed');
          failed.unshift({
            id: randomUUID(),
            name,
            payload,
            failedAt: new Date(),
            attempts: attempt,
            error: error instanceof Error ? error.message : String(error),
          });
          failed.splice(FAILED_KEPT);
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
      } finally {
        active -= 1;
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
    async status() {
      return {
        worker: 'running' as const,
        counts: { waiting: pending + retries.size, active, failed: failed.length },
        failed: failed.map(({ payload: _payload, ...job }) => job),
      };
    },
    async retry(id) {
      const index = failed.findIndex((job) => job.id === id);
      const job = failed[index];
      const handler = job && handlers.get(job.name);
      if (!job || !handler || isClosed) return false;
      failed.splice(index, 1);
      run(job.name, handler, job.payload, 1, null);
      return true;
    },
  };
}
