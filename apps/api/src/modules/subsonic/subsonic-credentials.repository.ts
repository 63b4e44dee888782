import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';

type Db = Kysely<Database>;

export function findCredentials(db: Db, userId: number) {
  return db
    .selectFrom('subsonic_credentials')
    .select(['user_id', 'is_enabled', 'app_password', 'password_created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function upsertCredentials(
  db: Db,
  userId: number,
  values: { is_enabled?: boolean; app_password?: string | null; password_created_at?: Date | null },
): Promise<void> {
  const now = new Date();
  await db
    .insertInto('subsonic_credentials')
    .values({ user_id: userId, ...values, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, updated_at: now }))
    .execute();
}

export async function touchCredentials(db: Db, userId: number, at: Date): Promise<void> {
  await db
    .updateTable('subsonic_credentials')
    .set({ last_used_at: at })
    .where('user_id', '=', userId)
    .execute();
}

/**
 * The account `u` names: its email (any case), else its name when exactly one account has it
 * (names are not unique, and an ambiguous name must not pick someone).
 */
export async function findUserByLogin(db: Db, login: string) {
  const byEmail = await db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', login.toLowerCase())
    .executeTakeFirst();
  if (byEmail) return byEmail;
  const byName = await db.selectFrom('users').selectAll().where('name', '=', login).limit(2).execute();
  return byName.length === 1 ? byName[0] : undefined;
}
