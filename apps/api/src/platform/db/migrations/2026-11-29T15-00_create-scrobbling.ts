import { type Kysely, sql } from 'kysely';

/**
 * Scrobbling (issue 37). `scrobble_connections`: a listener's ListenBrainz token or Last.fm
 * session key, encrypted under the app key. `scrobble_outbox`: every scrobble owed to a service,
 * kept until the service took it; `play_key` (the play it comes from) makes a second report of
 * one listen a no-op, and `next_attempt_at` is both the backoff after a failure and the lease of
 * a sender that claimed the row.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('scrobble_connections')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('service', 'text', (col) => col.notNull())
    .addColumn('credential', 'text', (col) => col.notNull())
    .addColumn('account_name', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('scrobble_connections_pkey', ['user_id', 'service'])
    .execute();
  await db.schema
    .createTable('scrobble_outbox')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('service', 'text', (col) => col.notNull())
    .addColumn('play_key', 'text', (col) => col.notNull())
    .addColumn('track', 'jsonb', (col) => col.notNull())
    .addColumn('listened_at', 'timestamptz', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .addColumn('failed_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('scrobble_outbox_play_key_unique', ['user_id', 'service', 'play_key'])
    .execute();
  // The sender's and the sweep's read: what is still owed, by when.
  await sql`create index scrobble_outbox_due_index on scrobble_outbox (next_attempt_at) where sent_at is null and failed_at is null`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scrobble_outbox').execute();
  await db.schema.dropTable('scrobble_connections').execute();
}
