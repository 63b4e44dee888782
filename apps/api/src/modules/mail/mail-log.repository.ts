import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { MailLogTable } from '../auth/account.tables';

/** The outgoing-email log: written by the mailer, read by the admin logs tab. */
export function createMailLogRepository(db: Kysely<Database>) {
  return {
    async insert(entry: Insertable<MailLogTable>): Promise<void> {
      await db.insertInto('mail_log').values(entry).execute();
    },

    page(page: number, perPage: number) {
      return db
        .selectFrom('mail_log')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(perPage)
        .offset((page - 1) * perPage)
        .execute();
    },

    async count(): Promise<number> {
      const row = await db
        .selectFrom('mail_log')
        .select((eb) => eb.fn.countAll<string | number>().as('total'))
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },
  };
}

export type MailLogRepository = ReturnType<typeof createMailLogRepository>;
