import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

type Db = Kysely<Database>;

/** Replaces the user's avatar and points `users.image` at it, in one transaction. */
export async function replaceAvatar(
  db: Db,
  userId: number,
  avatar: { key: string; mime: string; data: Buffer; url: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('avatars').where('user_id', '=', userId).execute();
    await trx
      .insertInto('avatars')
      .values({ key: avatar.key, user_id: userId, mime: avatar.mime, data: avatar.data })
      .execute();
    await trx
      .updateTable('users')
      .set({ image: avatar.url, updated_at: new Date() })
      .where('id', '=', userId)
      .execute();
  });
}

/** Deletes the user's avatar and clears `users.image`, in one transaction. */
export async function deleteAvatar(db: Db, userId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('avatars').where('user_id', '=', userId).execute();
    await trx
      .updateTable('users')
      .set({ image: null, updated_at: new Date() })
      .where('id', '=', userId)
      .execute();
  });
}
