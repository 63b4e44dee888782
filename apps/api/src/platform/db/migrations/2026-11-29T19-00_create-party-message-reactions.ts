import { type Kysely, sql } from 'kysely';

/**
 * Reactions on party chat lines (issue 38): one row per line, member and emoji, so a member's
 * second tap on the same emoji removes theirs (a toggle) and the counts are who reacted.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('party_message_reactions')
    .addColumn('message_id', 'integer', (col) =>
      col.notNull().references('party_messages.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('emoji', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('party_message_reactions_pk', ['message_id', 'user_id', 'emoji'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('party_message_reactions').execute();
}
