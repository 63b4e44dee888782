import { type Kysely, sql } from 'kysely';

/**
 * Issue 37 (scrobble-outbox benchmark): marking a sent row (`sent_at`) rewrote the whole row and
 * added an entry to both its unique indexes (about 4 WAL records and 500 bytes a row; 2.5-6 ms for
 * a batch of 200, against 0.3 ms to delete them). A sent row is now deleted, and what the row kept
 * for good, that the listen was queued once (a second report of it must not queue it again), moves
 * to `scrobble_keys`, written when the listen is queued, not when it is sent. `listen` holds the
 * listen as the service is sent it, encoded when queued (ListenBrainz's JSON of one listen), so a
 * batch's body is the rows' texts joined: no JSON parsed, built or stringified per row at the send.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('scrobble_keys')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('service', 'text', (col) => col.notNull())
    .addColumn('play_key', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('scrobble_keys_pkey', ['user_id', 'service', 'play_key'])
    .execute();
  // The daily prune (`scrobbles:prune-keys`) finds the keys older than a day by it.
  await db.schema
    .createIndex('scrobble_keys_created_at_index')
    .on('scrobble_keys')
    .column('created_at')
    .execute();
  await sql`insert into scrobble_keys (user_id, service, play_key, created_at)
    select user_id, service, play_key, created_at from scrobble_outbox`.execute(db);
  await sql`delete from scrobble_outbox where sent_at is not null`.execute(db);
  // Dropping the column drops the two partial indexes whose predicate names it.
  await db.schema.alterTable('scrobble_outbox').dropColumn('sent_at').addColumn('listen', 'text').execute();
  await sql`create index scrobble_outbox_due_index on scrobble_outbox (next_attempt_at) where failed_at is null`.execute(
    db,
  );
  await sql`create index scrobble_outbox_account_due_index on scrobble_outbox (user_id, service, listened_at, id)
    where failed_at is null`.execute(db);
}

/** The rows sent before the down are gone for good: the outbox only holds what is still owed. */
// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists scrobble_outbox_due_index`.execute(db);
  await sql`drop index if exists scrobble_outbox_account_due_index`.execute(db);
  await db.schema
    .alterTable('scrobble_outbox')
    .dropColumn('listen')
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await sql`create index scrobble_outbox_due_index on scrobble_outbox (next_attempt_at) where sent_at is null and failed_at is null`.execute(
    db,
  );
  await sql`create index scrobble_outbox_account_due_index on scrobble_outbox (user_id, service, listened_at, id)
    where sent_at is null and failed_at is null`.execute(db);
  await db.schema.dropTable('scrobble_keys').execute();
}
