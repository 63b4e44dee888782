import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { MailLogTable } from '../auth/account.tables';

/** The outgoing-email log: written by the mailer (through `createMailRecorder`), read by the admin logs tab. */
export async function insertMany(
  db: Kysely<Database>,
  entries: readonly Insertable<MailLogTable>[],
): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insertInto('mail_log')
    .values([...entries])
    .execute();
}

export function page(db: Kysely<Database>, pageNumber: number, perPage: number) {
  return db
    .selectFrom('mail_log')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(perPage)
    .offset((pageNumber - 1) * perPage)
    .execute();
}

export async function count(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('mail_log')
    .select((eb) => eb.fn.countAll<string | number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
