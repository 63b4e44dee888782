import { Queue, Worker } from 'bullmq';
import type { EnqueueOptions, JobHandler, JobLog, JobQueue } from './jobs';

export type RedisQueueOptions = {
  url: string;
  queueName?: string;
  /** Api replicas only enqueue when a separate worker process consumes. */
  isWorker: boolean;
  log: JobLog;
};

export function connectionOf(url: string) {
  const parsed = new URL(url);
  return {
    host: parsed.hostname,
    port: Number(parsed.port || 6379),
    username: parsed.username || undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : 0,
    tls: parsed.protocol === 'rediss:' ? {} : undefined,
    // BullMQ workers block on Redis; they must not give up on a slow reply.
    maxRetriesPerRequest: null,
  };
}

export function createRedisQueue(options: RedisQueueOptions): JobQueue {
  const handlers = new Map<string, JobHandler>();
  const connection = connectionOf(options.url);
  const name = options.queueName ?? 'cadence-jobs';
  const queue = new Queue(name, { connection });
  const worker = options.isWorker
    ? new Worker(
        name,
        async (job) => {
          const handler = handlers.get(job.name);
          if (!handler) throw new Error(`No handler for job ${job.name}.`);
          await handler(job.data);
        },
        // One job at a time, whatever their lanes: open-source BullMQ cannot keep a lane's jobs in
        // order (groups are BullMQ Pro), and the billing webhook job needs that. It reads the
        // provider's final object, so the events' order does not matter, but two jobs of one
        // subscription side by side could commit in the opposite order of their reads and leave the
        // older state. Several worker processes share that exposure today; closing it needs a
        // per-subscription guard in the job itself (a lock, or a read time kept with the state).
        { connection, concurrency: 1 },
      )
    : null;
  worker?.on('failed', (job, error) => options.log.error({ err: error, job: job?.name }, 'Job failed'));

  return {
    kind: 'redis',
    register(jobName, handler) {
      handlers.set(jobName, handler);
    },
    async enqueue(jobName, payload, enqueueOptions: EnqueueOptions = {}) {
      await queue.add(jobName, payload, {
        // A finished job's id is released so the same recompute can be queued again later.
        jobId: enqueueOptions.jobId ? bullJobId(jobName, enqueueOptions.jobId) : undefined,
        removeOnComplete: true,
        removeOnFail: 100,
        attempts: 3,
        backoff: { type: 'exponential', delay: 1_000 },
      });
    },
    async drain() {
      for (;;) {
        const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
        if (Object.values(counts).every((count) => count === 0)) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async close() {
      await worker?.close();
      await queue.close();
    },
    async status() {
      const counts = await queue.getJobCounts('waiting', 'delayed', 'prioritized', 'active', 'failed');
      const jobs = await queue.getFailed(0, 49);
      return {
        worker: worker ? (worker.isPaused() ? 'paused' : 'running') : 'separate process',
        counts: {
          waiting: (counts.waiting ?? 0) + (counts.delayed ?? 0) + (counts.prioritized ?? 0),
          active: counts.active ?? 0,
          failed: counts.failed ?? 0,
        },
        failed: jobs.map((job) => ({
          id: String(job.id),
          name: job.name,
          failedAt: job.finishedOn ? new Date(job.finishedOn) : null,
          attempts: job.attemptsMade,
          error: job.failedReason ?? '',
        })),
      };
    },
    async retry(id) {
      const job = await queue.getJob(id);
      if (!job || !(await job.isFailed())) return false;
      await job.retry('failed');
      return true;
    },
  };
}

/**
 * BullMQ refuses a custom id that is an integer or holds a ':' (its own key separator), so the
 * job's name prefixes the id and any ':' or '%' is percent-escaped: distinct ids stay distinct.
 */
export function bullJobId(jobName: string, jobId: string): string {
  return `${jobName}|${jobId}`.replaceAll('%', '%25').replaceAll(':', '%3A');
}
