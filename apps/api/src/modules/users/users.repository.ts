import type { Kysely, Transaction, Updateable } from 'kysely';
import type { Database, UsersTable } from '../../platform/db/schema';

/** The profile fields a user (or an admin) changed, inside the caller's transaction. */
export async function updateDetails(
  trx: Kysely<Database>,
  id: number,
  changes: Updateable<UsersTable>,
): Promise<void> {
  await trx
    .updateTable('users')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Deletes the user (what is left of their rows cascades), in the caller's transaction. */
export async function remove(trx: Transaction<Database>, id: number): Promise<void> {
  await trx.deleteFrom('users').where('id', '=', id).execute();
}

export function findAvatar(db: Kysely<Database>, key: string) {
  return db.selectFrom('avatars').select(['mime', 'data']).where('key', '=', key).executeTakeFirst();
}
