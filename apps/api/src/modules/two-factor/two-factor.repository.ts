import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';

export async function save(
  db: Kysely<Database>,
  userId: number,
  values: { secret: string | null; recoveryHashes: string[] | null; confirmedAt: Date | null },
) {
  await db
    .updateTable('users')
    .set({
      two_factor_secret: values.secret,
      two_factor_recovery_codes: values.recoveryHashes ? JSON.stringify(values.recoveryHashes) : null,
      two_factor_confirmed_at: values.confirmedAt,
      two_factor_last_step: null,
      updated_at: new Date(),
    })
    .where('id', '=', userId)
    .execute();
}

/** Claims a TOTP step; false when the same or a later step was already used (replay). */
export async function claimStep(db: Kysely<Database>, userId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ two_factor_last_step: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('two_factor_last_step', 'is', null), eb('two_factor_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Compare-and-set so two concurrent uses of one recovery code cannot both succeed. */
export async function replaceRecoveryCodes(
  db: Kysely<Database>,
  userId: number,
  expected: string,
  next: string[],
) {
  const result = await db
    .updateTable('users')
    .set({ two_factor_recovery_codes: JSON.stringify(next) })
    .where('id', '=', userId)
    .where(sql<string>`two_factor_recovery_codes`, '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function confirm(db: Kysely<Database>, userId: number) {
  await db
    .updateTable('users')
    .set({ two_factor_confirmed_at: new Date() })
    .where('id', '=', userId)
    .execute();
}

export async function setRecoveryCodes(db: Kysely<Database>, userId: number, hashes: string[]) {
  await db
    .updateTable('users')
    .set({ two_factor_recovery_codes: JSON.stringify(hashes) })
    .where('id', '=', userId)
    .execute();
}
