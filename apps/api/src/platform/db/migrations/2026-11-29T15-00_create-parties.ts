import { type Kysely, sql } from 'kysely';

/**
 * Listening parties (issue 38): a party is a small state machine held here so that it survives a
 * restart and any replica can serve it: its queue snapshot, its one timeline and a revision that
 * every control must echo. Members (with invitations) and chat lines hang off it.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('parties')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('code', 'text', (col) => col.notNull().unique())
    .addColumn('host_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('source_type', 'text', (col) => col.notNull())
    .addColumn('source_id', 'integer')
    .addColumn('track_ids', 'jsonb', (col) => col.notNull())
    .addColumn('suggested_ids', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('join_policy', 'text', (col) => col.notNull())
    .addColumn('add_policy', 'text', (col) => col.notNull())
    .addColumn('revision', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('current_index', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('started_at_ms', 'bigint')
    .addColumn('position_ms', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_playing', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('ended_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('parties_join_policy', sql`join_policy in ('link', 'followers', 'invited')`)
    .addCheckConstraint('parties_add_policy', sql`add_policy in ('host', 'everyone', 'approved')`)
    .execute();
  await db.schema
    .createTable('party_members')
    .addColumn('party_id', 'integer', (col) => col.notNull().references('parties.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('party_members_pk', ['party_id', 'user_id'])
    .addCheckConstraint('party_members_status', sql`status in ('invited', 'joined', 'left', 'removed')`)
    .execute();
  await db.schema
    .createIndex('party_members_user')
    .on('party_members')
    .columns(['user_id', 'status'])
    .execute();
  await db.schema
    .createTable('party_messages')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('party_id', 'integer', (col) => col.notNull().references('parties.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('track_position', 'integer')
    .addColumn('position_ms', 'integer')
    .addColumn('deleted', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('report_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('party_messages_party')
    .on('party_messages')
    .columns(['party_id', 'id'])
    .execute();
  await db.schema
    .createTable('party_message_reports')
    .addColumn('message_id', 'integer', (col) =>
      col.notNull().references('party_messages.id').onDelete('cascade'),
    )
    .addColumn('reporter_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('party_message_reports_pk', ['message_id', 'reporter_id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('party_message_reports').execute();
  await db.schema.dropTable('party_messages').execute();
  await db.schema.dropTable('party_members').execute();
  await db.schema.dropTable('parties').execute();
}
