import type { EnqueueOptions, JobHandler, JobLog, JobQueue } from './jobs';

/** Runs jobs one at a time on this process's event loop, after the current request. */
export function createInProcessQueue(log: JobLog): JobQueue {
  const handlers = new Map<string, JobHandler>();
  const waiting = new Set<string>();
  let tail: Promise<void> = Promise.resolve();
  let isClosed = false;

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
      tail = tail.then(async () => {
        if (key) waiting.delete(key);
        try {
          await handler(payload);
        } catch (error) {
          log.error({ err: error, job: name }, 'Job failed');
        }
      });
    },
    async drain() {
      let seen: Promise<void> | null = null;
      while (seen !== tail) {
        seen = tail;
        await seen;
      }
    },
    async close() {
      isClosed = true;
      await tail;
    },
  };
}
