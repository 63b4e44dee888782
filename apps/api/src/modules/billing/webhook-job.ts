import type { JobQueue } from '../../platform/jobs/jobs';
import { eventKey } from './webhook-events.repository';

/** The job that applies stored events: a sweep of those never tried and of those it names. */
export const WEBHOOK_JOB = 'billing.webhook-event';
/**
 * How long a sweep may wait before it reads, gathering the events of a burst (like PostgreSQL's
 * commit_delay). A sweep costs about a dozen statements and a provider read per subscription
 * whatever its size, and a mail job per address: in the benchmark's burst, sweeps started at once
 * took ~10 events each, and the embedded mode spent most of its database time on their fixed
 * costs; 50 ms more before a lone event applies is nothing a subscriber notices.
 */
const SWEEP_GATHER_MS = 50;
/** A gather ends early once no event joined for this long. */
const SWEEP_QUIET_MS = 5;

/** What a sweep is asked to apply by name: a subscription's pending events, or one event without subscription. */
export type Ask = { gateway: 'stripe' | 'paypal'; subject: string | null; eventId: string };
/** What a sweep could not apply: the ask its retry names, and why. */
export type SweepFailure = { ask: Ask; error: unknown };
/** Applies the pending events never tried and those asked for; answers what failed. */
export type Sweep = (asks: Ask[]) => Promise<SweepFailure[]>;
/** How the webhooks ask for a sweep. */
export type WebhookJob = { ask: (ask: Ask) => Promise<void> };

const askKey = (ask: Ask) =>
  ask.subject === null ? `event\n${eventKey(ask.gateway, ask.eventId)}` : eventKey(ask.gateway, ask.subject);
export const askOf = (row: { gateway_name: string; event_id: string; subject: string | null }): Ask => ({
  gateway: row.gateway_name === 'paypal' ? 'paypal' : 'stripe',
  subject: row.subject,
  eventId: row.event_id,
});

/**
 * Registers the sweep as WEBHOOK_JOB on `jobs` and answers how to ask for one. No job id: the
 * sweep is idempotent (a processed event is skipped), so a second job costs one query; and a
 * custom id would collide with the one BullMQ keeps for a failed job. One lane: two sweeps side by
 * side could commit one subscription's states in the opposite order of their provider reads, the
 * later commit writing the older state with no job left to fix it.
 *
 * `joinsWaitingJob` (only when the queue runs its jobs in this process): an ask made while a sweep
 * job waits in the queue joins that job instead of queueing a second one; the waiting sweep takes
 * it when it starts, and the next ask then queues the next sweep. With BullMQ the job may run in
 * another process, which could not see these asks: a job per ask.
 */
export function bindWebhookJob(options: {
  jobs: JobQueue;
  sweep: Sweep;
  joinsWaitingJob: boolean;
}): WebhookJob {
  const { jobs, sweep, joinsWaitingJob } = options;
  /** The asks gathered for the sweep job that waits in the queue (null when none waits). */
  let waitingAsks: Map<string, Ask> | null = null;
  /** Asks that joined a waiting sweep so far: how `gather` tells a burst from its end. */
  let gathered = 0;
  /** Asks whose events failed in this process: the next sweep here (the job's retry) takes them. */
  const failedAsks = new Map<string, Ask>();

  /**
   * Before a sweep reads: up to SWEEP_GATHER_MS while asks keep joining it (a burst), but no
   * more than SWEEP_QUIET_MS once none came (a lone event, or the burst's end).
   */
  async function gather() {
    const until = Date.now() + SWEEP_GATHER_MS;
    let seen = gathered;
    do {
      await new Promise((resolve) => setTimeout(resolve, SWEEP_QUIET_MS));
      if (gathered === seen) return;
      seen = gathered;
    } while (Date.now() < until);
  }

  async function ask(one: Ask) {
    if (joinsWaitingJob && waitingAsks) {
      waitingAsks.set(askKey(one), one);
      gathered += 1;
      return;
    }
    if (joinsWaitingJob) waitingAsks = new Map([[askKey(one), one]]);
    const payload = {
      gateway: one.gateway,
      eventId: one.eventId,
      ...(one.subject === null ? {} : { subject: one.subject }),
    };
    try {
      await jobs.enqueue(WEBHOOK_JOB, payload, { lane: WEBHOOK_JOB });
    } catch (error) {
      if (joinsWaitingJob) waitingAsks = null;
      throw error;
    }
  }

  /** A failure is thrown after the others applied: the queue retries the job with backoff. */
  async function run(payload: unknown) {
    const { gateway, eventId, subject } = payload as {
      gateway?: string;
      eventId?: string;
      subject?: unknown;
    };
    if ((gateway !== 'stripe' && gateway !== 'paypal') || typeof eventId !== 'string') return;
    await gather();
    const own: Ask = { gateway, eventId, subject: typeof subject === 'string' ? subject : null };
    const asks = new Map<string, Ask>([[askKey(own), own], ...failedAsks, ...(waitingAsks ?? [])]);
    waitingAsks = null;
    failedAsks.clear();
    const failures = await sweep([...asks.values()]);
    if (failures.length === 0) return;
    for (const failure of failures) failedAsks.set(askKey(failure.ask), failure.ask);
    const first = failures[0]?.error;
    throw new Error(
      `${failures.length} webhook subscription(s) not applied: ${first instanceof Error ? first.message : String(first)}`,
    );
  }

  jobs.register(WEBHOOK_JOB, run);
  return { ask };
}
