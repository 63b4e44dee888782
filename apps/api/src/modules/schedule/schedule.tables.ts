import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../platform/db/column-types';

export interface ScheduledTaskRunsTable {
  id: Generated<number>;
  task: string;
  /** bigint: text from pg, a number from PGlite. */
  slot: ColumnType<string | number, number, number>;
  outcome: 'running' | 'success' | 'failed';
  detail: string | null;
  duration_ms: number | null;
  started_at: Timestamp;
  finished_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

declare module '../../platform/db/schema' {
  interface Database {
    scheduled_task_runs: ScheduledTaskRunsTable;
  }
}
