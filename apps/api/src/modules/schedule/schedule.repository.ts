import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { ScheduledTaskRunsTable } from './schedule.tables';

/** All SQL of the scheduler's run log. */
/** The run's id, or null when another replica already holds this slot. */
export async function claim(
  db: Kysely<Database>,
  task: string,
  slot: number,
  startedAt: Date,
): Promise<number | null> {
  const row = await db
    .insertInto('scheduled_task_runs')
    .values({ task, slot, outcome: 'running', started_at: startedAt })
    .onConflict((oc) => oc.columns(['task', 'slot']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function finish(
  db: Kysely<Database>,
  id: number,
  result: {
    outcome: ScheduledTaskRunsTable['outcome'];
    detail: string | null;
    durationMs: number;
    finishedAt: Date;
  },
): Promise<void> {
  await db
    .updateTable('scheduled_task_runs')
    .set({
      outcome: result.outcome,
      detail: result.detail,
      duration_ms: result.durationMs,
      finished_at: result.finishedAt,
    })
    .where('id', '=', id)
    .execute();
}

export async function lastRuns(db: Kysely<Database>, task: string, limit: number) {
  return db
    .selectFrom('scheduled_task_runs')
    .select(['id', 'outcome', 'detail', 'duration_ms', 'started_at', 'finished_at'])
    .where('task', '=', task)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Deletes the finished runs that started before `before`; how many went. */
export async function pruneRuns(db: Kysely<Database>, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('scheduled_task_runs')
    .where('started_at', '<', before)
    .where('outcome', '!=', 'running')
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
