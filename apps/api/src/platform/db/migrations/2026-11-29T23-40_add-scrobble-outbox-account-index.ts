import { type Kysely, sql } from 'kysely';

/**
 * Issue 37 (scrobble-outbox benchmark): a sender claims one account's owed rows in listening order.
 * With only the `next_attempt_at` index, every claim read every due row of the outbox and sorted
 * them; this index hands it the account's owed rows already in order, so a claim reads the batch it
 * takes (and the rows other batches of the same sender hold, skipped by their lease).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index scrobble_outbox_account_due_index on scrobble_outbox (user_id, service, listened_at, id)
    where sent_at is null and failed_at is null`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists scrobble_outbox_account_due_index`.execute(db);
}
