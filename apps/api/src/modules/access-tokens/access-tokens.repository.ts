import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

/** Deletes one of the user's tokens; false when the user has no such token. */
export async function deleteOwnToken(
  db: Kysely<Database>,
  userId: number,
  tokenId: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('personal_access_tokens')
    .where('id', '=', tokenId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The user's tokens, newest first, for account settings (never their hashes). */
export function tokensOf(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('personal_access_tokens')
    .select(['id', 'name', 'last_used_at', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();
}
