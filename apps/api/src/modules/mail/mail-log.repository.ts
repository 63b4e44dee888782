import type { Insertable, Kysely } from 'kysely';
import { createGroupCommit } from '../../platform/db/group-commit';
import type { Database } from '../../platform/db/schema';
import type { MailLogTable } from '../auth/account.tables';

/** The outgoing-email log: written by the mailer, read by the admin logs tab. */
export function createMailLogRepository(db: Kysely<Database>) {
  // A burst of mail (a webhook sweep's receipts) is logged by one insert per turn, not one per mail.
  const log = createGroupCommit(async (entries: readonly Insertable<MailLogTable>[]) => {
    await db
      .insertInto('mail_log')
      .values([...entries])
      .execute();
    return entries.map(() => undefined);
  });
  return {
    insert: (entry: Insertable<MailLogTable>): Promise<void> => log(entry),

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
