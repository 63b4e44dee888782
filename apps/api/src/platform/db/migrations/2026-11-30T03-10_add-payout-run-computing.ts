import { type Kysely, sql } from 'kysely';

/**
 * Issue 39's run computes in a background job (the request's pool connection timed out at full
 * size): a run is `computing` until its job moves it to `review`, or to `failed` with the reason
 * the admin reads. `interruptions` counts the start-ups that found it still computing (a process
 * that died mid-run), so one that keeps killing the process ends failed instead of looping.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table payout_runs drop constraint payout_runs_status_check`.execute(db);
  await sql`alter table payout_runs add constraint payout_runs_status_check
    check (status in ('computing', 'review', 'failed', 'closed'))`.execute(db);
  await db.schema
    .alterTable('payout_runs')
    .addColumn('failure', 'text')
    .addColumn('interruptions', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  // A run still computing or failed holds no figures worth keeping: the admin starts it again.
  await db.deleteFrom('payout_runs').where('status', 'in', ['computing', 'failed']).execute();
  await db.schema.alterTable('payout_runs').dropColumn('interruptions').dropColumn('failure').execute();
  await sql`alter table payout_runs drop constraint payout_runs_status_check`.execute(db);
  await sql`alter table payout_runs add constraint payout_runs_status_check
    check (status in ('review', 'closed'))`.execute(db);
}
