import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';

export async function allRows(db: Kysely<Database>): Promise<Record<string, string>> {
  const rows = await db.selectFrom('settings').select(['name', 'value']).execute();
  return Object.fromEntries(
    rows.filter((row) => row.value !== null).map((row) => [row.name, row.value as string]),
  );
}

export async function upsert(trx: Transaction<Database>, name: string, value: string, isPrivate: boolean) {
  await trx
    .insertInto('settings')
    .values({ name, value, is_private: isPrivate })
    .onConflict((oc) =>
      oc.column('name').doUpdateSet({ value, is_private: isPrivate, updated_at: new Date() }),
    )
    .execute();
}

export async function remove(trx: Transaction<Database>, names: string[]) {
  if (names.length === 0) return;
  await trx.deleteFrom('settings').where('name', 'in', names).execute();
}
