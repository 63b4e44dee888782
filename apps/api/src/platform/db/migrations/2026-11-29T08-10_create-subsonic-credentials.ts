import { type Kysely, sql } from 'kysely';

/**
 * One row per user who set up Subsonic apps: the switch and the app password. Subsonic's token
 * auth (`t` = md5(password + salt)) needs the plaintext, so the password is encrypted under the
 * app key (never hashed) and is a separate, revocable secret, not the login password.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('subsonic_credentials')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('is_enabled', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('app_password', 'text')
    .addColumn('password_created_at', 'timestamptz')
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('subsonic_credentials').execute();
}
