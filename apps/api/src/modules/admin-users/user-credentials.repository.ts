import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** A user's ways in as the admin sees and ends them: sessions, access tokens, 2FA, reset links. */
export const liveSessions = (db: Db, userId: number) =>
  db
    .selectFrom('sessions')
    .select(['id', 'device_type', 'platform', 'browser', 'city', 'country', 'ip_address', 'last_active'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', new Date())
    .orderBy('last_active', 'desc')
    .execute();

export const tokens = (db: Db, userId: number) =>
  db
    .selectFrom('personal_access_tokens')
    .select(['id', 'name', 'last_used_at', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();

export const deleteToken = (trx: Transaction<Database>, userId: number, tokenId: number) =>
  trx
    .deleteFrom('personal_access_tokens')
    .where('id', '=', tokenId)
    .where('user_id', '=', userId)
    .returning(['id', 'name'])
    .executeTakeFirst();

export async function clearTwoFactor(trx: Transaction<Database>, userId: number) {
  await trx
    .updateTable('users')
    .set({
      two_factor_secret: null,
      two_factor_recovery_codes: null,
      two_factor_confirmed_at: null,
      two_factor_last_step: null,
      updated_at: new Date(),
    })
    .where('id', '=', userId)
    .execute();
}

/** One reset link per user: a new one replaces the previous (which stops working). */
export async function savePasswordReset(
  trx: Transaction<Database>,
  values: { user_id: number; token_hash: string; expires_at: Date; created_at: Date },
) {
  await trx
    .insertInto('password_resets')
    .values(values)
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}
