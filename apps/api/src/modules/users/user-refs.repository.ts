import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

/** The columns a user reference (`TUserRef`) is built from. */
export function userRefRows(db: Kysely<Database>, ids: number[]) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'image', 'first_name', 'last_name'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

export async function userExists(db: Kysely<Database>, id: number): Promise<boolean> {
  return !!(await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst());
}
