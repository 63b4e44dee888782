import type { Kysely } from 'kysely';

/**
 * Issue 37 (scrobble-outbox benchmark): a sender leased each row it took (an update of every row
 * before its send, as costly as the mark after it). It now leases the account once, on its
 * connection, and reads the owed rows: `sender` names the sender holding the account and
 * `sender_until` is when its lease ends (a sender that died gives the account back that way).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('scrobble_connections')
    .addColumn('sender', 'text')
    .addColumn('sender_until', 'timestamptz')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('scrobble_connections')
    .dropColumn('sender')
    .dropColumn('sender_until')
    .execute();
}
