/** One interface for slow, idempotent work: in-process by default, BullMQ on Redis when asked. */
export type JobHandler = (payload: unknown) => Promise<void>;

export type EnqueueOptions = {
  /** Jobs with the same id while one is waiting collapse into one (idempotent recomputes). */
  jobId?: string;
  /**
   * Jobs of one lane run one at a time, in the order queued; jobs of different lanes run side by
   * side (in-process queue; the BullMQ worker runs one job at a time anyway). Without a lane, a job
   * with a `jobId` runs in that id's lane, one without runs beside anything.
   */
  lane?: string;
};

export type FailedJob = {
  id: string;
  name: string;
  failedAt: Date | null;
  attempts: number;
  error: string;
};

export type QueueStatus = {
  /** `separate process`: this replica only enqueues (`QUEUE_WORKER=false`). */
  worker: 'running' | 'paused' | 'separate process';
  counts: { waiting: number; active: number; failed: number };
  /** The most recent failures first (at most 50). */
  failed: FailedJob[];
};

export interface JobQueue {
  readonly kind: 'in-process' | 'redis';
  register(name: string, handler: JobHandler): void;
  enqueue(name: string, payload: unknown, options?: EnqueueOptions): Promise<void>;
  /** Resolves when nothing is waiting or running (tests, CLI commands before exit). */
  drain(): Promise<void>;
  close(): Promise<void>;
  /** What the admin's queue tab shows. */
  status(): Promise<QueueStatus>;
  /** Runs a failed job again; false when no failed job has this id. */
  retry(id: string): Promise<boolean>;
}

export type JobLog = { error: (details: object, message: string) => void };
