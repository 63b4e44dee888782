import { type Kysely, sql } from 'kysely';
import type { Database, NewUser, UserRow } from '../../platform/db/schema';

/** The `users` rows behind sign-up, sign-in and account settings. */
export async function localeExists(db: Kysely<Database>, language: string): Promise<boolean> {
  return !!(await db
    .selectFrom('localizations')
    .select('id')
    .where('language', '=', language)
    .executeTakeFirst());
}

export async function setLanguage(db: Kysely<Database>, userId: number, language: string): Promise<void> {
  await db.updateTable('users').set({ language, updated_at: new Date() }).where('id', '=', userId).execute();
}

export function findByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

export function findById(db: Kysely<Database>, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The user plus the roles flagged `default`, in one transaction. */
export async function createWithDefaultRoles(db: Kysely<Database>, values: NewUser): Promise<UserRow> {
  return db.transaction().execute(async (trx) => {
    const user = await trx.insertInto('users').values(values).returningAll().executeTakeFirstOrThrow();
    const roles = await trx.selectFrom('roles').select('id').where('default', '=', true).execute();
    if (roles.length > 0) {
      await trx
        .insertInto('user_role')
        .values(roles.map((role) => ({ user_id: user.id, role_id: role.id })))
        .execute();
    }
    return user;
  });
}

/** A user row as given, without roles (test fixtures). */
export async function insertUser(db: Kysely<Database>, values: NewUser): Promise<number> {
  const row = await db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function markEmailVerified(db: Kysely<Database>, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ email_verified_at: new Date(), updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
}

/** A new password after a reset; the reset link also proved the mailbox is theirs. */
export async function resetPassword(
  db: Kysely<Database>,
  userId: number,
  passwordHash: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({
      password: passwordHash,
      email_verified_at: eb.fn.coalesce('email_verified_at', eb.val(new Date())),
      updated_at: new Date(),
    }))
    .where('id', '=', userId)
    .execute();
}

export async function setPassword(db: Kysely<Database>, userId: number, passwordHash: string) {
  await db
    .updateTable('users')
    .set({ password: passwordHash, updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
}
