import { type Kysely, sql } from 'kysely';

/**
 * The admin audit log: every admin write, who made it, when, and the subject before and after.
 * No foreign key to users: the history outlives a deleted actor (the name is looked up while
 * the account exists).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('actor_id', 'integer')
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('subject_type', 'text', (col) => col.notNull())
    .addColumn('subject_id', 'text')
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .addColumn('ip_address', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('audit_log_created_at_index').on('audit_log').column('created_at').execute();
  await db.schema
    .createIndex('audit_log_subject_index')
    .on('audit_log')
    .columns(['subject_type', 'subject_id'])
    .execute();
  await db.schema.createIndex('audit_log_actor_index').on('audit_log').column('actor_id').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
}
