import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

type Db = Kysely<Database>;

/** One live reset per user: a new request replaces the earlier token. */
export async function saveResetToken(
  db: Db,
  reset: { user_id: number; token_hash: string; expires_at: Date },
) {
  const values = { ...reset, created_at: new Date() };
  await db
    .insertInto('password_resets')
    .values(values)
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

export function findResetToken(db: Db, userId: number) {
  return db.selectFrom('password_resets').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Deletes the reset if it is still `tokenHash`; false when another request used it first. */
export async function consumeResetToken(db: Db, userId: number, tokenHash: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom('password_resets')
    .where('user_id', '=', userId)
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) === 1;
}
