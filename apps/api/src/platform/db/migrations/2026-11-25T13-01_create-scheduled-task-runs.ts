import { type Kysely, sql } from 'kysely';

/**
 * Runs of the scheduled tasks (admin logs "schedule" tab). `(task, slot)` is unique: the replica
 * that inserts a slot's row first runs it, the others skip it, so each run happens once.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('scheduled_task_runs')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('task', 'text', (col) => col.notNull())
    .addColumn('slot', 'bigint', (col) => col.notNull())
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('detail', 'text')
    .addColumn('duration_ms', 'integer')
    .addColumn('started_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .addUniqueConstraint('scheduled_task_runs_task_slot_unique', ['task', 'slot'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scheduled_task_runs').execute();
}
