import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import * as scheduleRepository from './schedule.repository';

export type ScheduledTask = {
  name: string;
  /** What the admin reads in the schedule tab. */
  description: string;
  everyMs: number;
  /** Returns a short summary of what it did ("pruned 12 sessions"). */
  run: () => Promise<string>;
};

const RUNS_SHOWN = 10;

/**
 * A scheduler for the recurring work: a task is due once per `everyMs` slot (slots count from the
 * epoch, so every replica agrees on them); the run log's unique `(task, slot)` lets only one
 * replica run it. `tick` is what the timer calls; a task's failure is recorded, never thrown.
 */
export function createScheduleService(deps: { db: Kysely<Database>; tasks: ScheduledTask[] }) {
  const { db, tasks } = deps;

  async function runTask(task: ScheduledTask, now: Date): Promise<boolean> {
    const slot = Math.floor(now.getTime() / task.everyMs);
    const id = await scheduleRepository.claim(db, task.name, slot, now);
    if (id === null) return false;
    const started = performance.now();
    let outcome: 'success' | 'failed' = 'success';
    let detail: string | null;
    try {
      detail = await task.run();
    } catch (error) {
      outcome = 'failed';
      detail = error instanceof Error ? error.message : String(error);
    }
    await scheduleRepository.finish(db, id, {
      outcome,
      detail: detail.slice(0, 2000),
      durationMs: Math.round(performance.now() - started),
      finishedAt: new Date(),
    });
    return true;
  }

  return {
    /** Runs every task whose current slot has not run yet; the names of those this replica ran. */
    async tick(now = new Date()): Promise<string[]> {
      const ran: string[] = [];
      for (const task of tasks) if (await runTask(task, now)) ran.push(task.name);
      return ran;
    },

    /** Every task with its last runs, newest first. */
    async overview() {
      return Promise.all(
        tasks.map(async (task) => ({
          name: task.name,
          description: task.description,
          every_minutes: task.everyMs / 60_000,
          runs: (await scheduleRepository.lastRuns(db, task.name, RUNS_SHOWN)).map((run) => ({
            id: run.id,
            outcome: run.outcome,
            detail: run.detail,
            duration_ms: run.duration_ms,
            started_at: run.started_at.toISOString(),
            finished_at: run.finished_at?.toISOString() ?? null,
          })),
        })),
      );
    },
  };
}

export type ScheduleService = ReturnType<typeof createScheduleService>;
