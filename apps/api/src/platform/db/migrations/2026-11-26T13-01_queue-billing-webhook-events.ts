import { type Kysely, sql } from 'kysely';

/**
 * Billing webhooks (issue 14) answer once the event is stored; a job applies it. Each stored
 * event keeps its body, the provider subscription it is about (`subject`, which groups a
 * subscription's pending events for one provider read), when it was processed (null: still to
 * do, re-queued at start and on a timer) and its failed attempts. The rows of the first version
 * were handled inside the request, so they count as processed.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('billing_webhook_events')
    .addColumn('event_type', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('subject', 'text')
    .addColumn('payload', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('processed_at', 'timestamptz')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .execute();
  await sql`update billing_webhook_events set processed_at = received_at`.execute(db);
  await db.schema
    .createIndex('billing_webhook_events_pending')
    .on('billing_webhook_events')
    .columns(['gateway_name', 'subject', 'received_at'])
    .where(sql.ref('processed_at'), 'is', null)
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('billing_webhook_events_pending').execute();
  await db.schema
    .alterTable('billing_webhook_events')
    .dropColumn('event_type')
    .dropColumn('subject')
    .dropColumn('payload')
    .dropColumn('processed_at')
    .dropColumn('attempts')
    .dropColumn('last_error')
    .execute();
}
