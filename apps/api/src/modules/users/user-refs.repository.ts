import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

/** The columns the public projection (`toPublicUser`) is built from; never the address. */
export function userRefRows(db: Kysely<Database>, ids: number[]) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'image', 'first_name', 'last_name'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

export async function userExists(db: Kysely<Database>, id: number): Promise<boolean> {
  return !!(await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst());
}

/** What a public profile shows of the user; `banned_at` so banned users can be hidden. */
export function findProfileUser(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'image', 'first_name', 'last_name', 'created_at', 'banned_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Where to mail each of these users, in one statement; accounts that are gone are absent. */
export async function findUserEmails(db: Kysely<Database>, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, row.email]));
}
