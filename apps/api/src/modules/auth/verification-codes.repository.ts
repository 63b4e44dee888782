import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

type Db = Kysely<Database>;

/** One live code per user: a new one replaces the earlier one and its attempts. */
export async function saveVerificationCode(
  db: Db,
  code: { user_id: number; code_hash: string; expires_at: Date },
): Promise<void> {
  const values = { ...code, attempts: 0, created_at: new Date() };
  await db
    .insertInto('email_verification_codes')
    .values(values)
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

export function findVerificationCode(db: Db, userId: number) {
  return db
    .selectFrom('email_verification_codes')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function countFailedAttempt(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('email_verification_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('user_id', '=', userId)
    .execute();
}

/** Deletes the code if it is still `codeHash`; false when another request used it first. */
export async function consumeVerificationCode(db: Db, userId: number, codeHash: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom('email_verification_codes')
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) === 1;
}
