import type { Kysely, Transaction, Updateable } from 'kysely';
import type { Database, UsersTable } from '../../platform/db/schema';

/** The users table's writes the users routes need; reads of other modules go through their services. */
export function createUsersRepository(db: Kysely<Database>) {
  return {
    /** The profile fields a user (or an admin) changed, inside the caller's transaction. */
    async updateDetails(trx: Kysely<Database>, id: number, changes: Updateable<UsersTable>): Promise<void> {
      await trx
        .updateTable('users')
        .set({ ...changes, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    },

    /** Deletes the user (what is left of their rows cascades), in the caller's transaction. */
    async delete(trx: Transaction<Database>, id: number): Promise<void> {
      await trx.deleteFrom('users').where('id', '=', id).execute();
    },

    findAvatar(key: string) {
      return db.selectFrom('avatars').select(['mime', 'data']).where('key', '=', key).executeTakeFirst();
    },
  };
}
