import { randomUUID } from 'node:crypto';
import type { EnqueueOptions, FailedJob, JobHandler, JobLog, JobQueue } from './jobs';

/** Like the BullMQ queue (redis-queue.ts): 3 attempts, exponential backoff from 1 s. */
const ATTEMPTS = 3;
const BACKOFF_MS = 1_000;
/** Failed jobs kept for the admin to retry (oldest dropped first). */
const FAILED_KEPT = 50;
/**
 * Jobs running at once. A job mostly waits: on a provider over HTTP, on SMTP, on database round
 * trips (a webhook job is a provider read and about ten statements), so one at a time left the
 * process idle most of the time (78 % in the webhook benchmark). 8 overlaps those waits, and 8 jobs
 * each in a statement still leave the default pool of 10 connections (DB_POOL_MAX) to requests.
 */
const CONCURRENCY = 8;

export type InProcessQueueOptions = { backoffMs?: number; concurrency?: number };

type Job = {
  name: string;
  handler: JobHandler;
  payload: unknown;
  attempt: number;
  /** The dedupe key while the job waits (`name:jobId`). */
  key: string | null;
  lane: string | null;
};

/**
 * Runs jobs on this process's event loop, after the code that queued them: up to `concurrency` at
 * once, those of one lane (EnqueueOptions.lane) one at a time in the order queued.
 */
export function createInProcessQueue(log: JobLog, options: InProcessQueueOptions = {}): JobQueue {
  const handlers = new Map<string, JobHandler>();
  const waiting = new Set<string>();
  const retries = new Set<Promise<void>>();
  const backoffMs = options.backoffMs ?? BACKOFF_MS;
  const concurrency = Math.max(1, options.concurrency ?? CONCURRENCY);
  /** Jobs free to start (their lane is theirs), oldest first. */
  const ready: Job[] = [];
  /** Each lane with a job ready or running -> the jobs queued behind that one. */
  const lanes = new Map<string, Job[]>();
  const idleWaiters: { withRetries: boolean; resolve: () => void }[] = [];
  let isClosed = false;
  let pending = 0;
  let active = 0;
  const failed: (FailedJob & { payload: unknown; lane: string | null })[] = [];

  const isIdle = (withRetries: boolean) =>
    pending === 0 && active === 0 && (!withRetries || retries.size === 0);

  function settle() {
    for (const waiter of [...idleWaiters]) {
      if (!isIdle(waiter.withRetries)) continue;
      idleWaiters.splice(idleWaiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  }

  function whenIdle(withRetries: boolean): Promise<void> {
    if (isIdle(withRetries)) return Promise.resolve();
    return new Promise((resolve) => idleWaiters.push({ withRetries, resolve }));
  }

  function add(job: Job) {
    pending += 1;
    const behind = job.lane === null ? undefined : lanes.get(job.lane);
    if (behind) behind.push(job);
    else {
      if (job.lane !== null) lanes.set(job.lane, []);
      ready.push(job);
    }
    startReady();
  }

  function startReady() {
    while (active < concurrency && ready.length > 0) {
      const job = ready.shift() as Job;
      pending -= 1;
      active += 1;
      // A microtask later: the code that queued the job runs to its end first.
      void Promise.resolve()
        .then(() => attempt(job))
        .finally(() => finish(job));
    }
  }

  function finish(job: Job) {
    active -= 1;
    if (job.lane !== null) {
      const next = lanes.get(job.lane)?.shift();
      if (next) ready.push(next);
      else lanes.delete(job.lane);
    }
    startReady();
    settle();
  }

  async function attempt(job: Job) {
    if (job.key && job.attempt === 1) waiting.delete(job.key);
    try {
      await job.handler(job.payload);
    } catch (error) {
      if (job.attempt >= ATTEMPTS || isClosed) {
        log.error({ err: error, job: job.name }, 'Job failed');
        failed.unshift({
          id: randomUUID(),
          name: job.name,
          payload: job.payload,
          lane: job.lane,
          failedAt: new Date(),
          attempts: job.attempt,
          error: error instanceof Error ? error.message : String(error),
        });
        failed.splice(FAILED_KEPT);
        return;
      }
      // A failed attempt waits outside its lane, so the lane's later jobs are not held up by its
      // backoff; the retry then queues at the back of the lane, never beside a job of its lane.
      const retry = new Promise<void>((resolve) => {
        setTimeout(resolve, backoffMs * 2 ** (job.attempt - 1)).unref();
      }).then(() => {
        retries.delete(retry);
        if (isClosed) settle();
        else add({ ...job, attempt: job.attempt + 1 });
      });
      retries.add(retry);
    }
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
      add({ name, handler, payload, attempt: 1, key, lane: options.lane ?? key });
    },
    drain: () => whenIdle(true),
    /** Runs what is queued (not the retries still in backoff: they are dropped) and refuses more. */
    async close() {
      isClosed = true;
      await whenIdle(false);
    },
    async status() {
      return {
        worker: 'running' as const,
        counts: { waiting: pending + retries.size, active, failed: failed.length },
        failed: failed.map(({ payload: _payload, lane: _lane, ...job }) => job),
      };
    },
    async retry(id) {
      const index = failed.findIndex((job) => job.id === id);
      const job = failed[index];
      const handler = job && handlers.get(job.name);
      if (!job || !handler || isClosed) return false;
      failed.splice(index, 1);
      add({ name: job.name, handler, payload: job.payload, attempt: 1, key: null, lane: job.lane });
      return true;
    },
  };
}
