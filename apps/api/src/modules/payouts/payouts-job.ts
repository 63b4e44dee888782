import type { JobQueue } from '../../platform/jobs/jobs';

/** A run's computation: the period's aggregation, minutes on a large site (payouts.service computeRun). */
export const PAYOUT_RUN_JOB = 'payouts:compute-run';

/**
 * Queues a computing run's job: the one way a run gets computed, whoever started it (the admin's
 * start or recompute, the scheduler after month end, the start-up's recovery).
 */
export const enqueuePayoutRun = (jobs: Pick<JobQueue, 'enqueue'>, runId: number) =>
  jobs.enqueue(PAYOUT_RUN_JOB, { runId });

export function runIdOf(payload: unknown): number {
  const runId = (payload as { runId?: unknown } | null)?.runId;
  if (typeof runId !== 'number') throw new Error('A payouts run job needs its runId.');
  return runId;
}
