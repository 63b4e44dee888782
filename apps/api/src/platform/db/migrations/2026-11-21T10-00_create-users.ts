import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('password', 'text')
    .addColumn('image', 'text')
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('language', 'text')
    .addColumn('country', 'text')
    .addColumn('timezone', 'text')
    .addColumn('email_verified_at', 'timestamptz')
    .addColumn('banned_at', 'timestamptz')
    .addColumn('unread_notifications_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('two_factor_secret', 'text')
    .addColumn('two_factor_recovery_codes', 'text')
    .addColumn('two_factor_confirmed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // Emails are unique regardless of case.
  await sql`create unique index users_email_lower_unique on users (lower(email))`.execute(db);
}
