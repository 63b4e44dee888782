/** One interface for slow, idempotent work: in-process by default, BullMQ on Redis when asked. */
export type JobHandler = (payload: unknown) => Promise<void>;

export type EnqueueOptions = {
  /** Jobs with the same id while one is waiting collapse into one (idempotent recomputes). */
  jobId?: string;
};

export interface JobQueue {
  readonly kind: 'in-process' | 'redis';
  register(name: string, handler: JobHandler): void;
  enqueue(name: string, payload: unknown, options?: EnqueueOptions): Promise<void>;
  /** Resolves when nothing is waiting or running (tests, CLI commands before exit). */
  drain(): Promise<void>;
  close(): Promise<void>;
}

export type JobLog = { error: (details: object, message: string) => void };
