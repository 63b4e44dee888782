import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { ErrorLogTable } from './error-log.tables';

/** All SQL of the error log. */
export async function insert(db: Kysely<Database>, entry: Insertable<ErrorLogTable>): Promise<void> {
  await db.insertInto('error_log').values(entry).execute();
}

/** Newest first. */
export async function page(db: Kysely<Database>, page: number, perPage: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('error_log')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    db
      .selectFrom('error_log')
      .select((eb) => eb.fn.countAll<string | number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function latest(db: Kysely<Database>, limit: number) {
  return db.selectFrom('error_log').selectAll().orderBy('id', 'desc').limit(limit).execute();
}
