import type { Insertable, Kysely } from 'kysely';
import { createGroupCommit } from '../../platform/db/group-commit';
import type { Database } from '../../platform/db/schema';
import type { MailLogTable } from '../auth/account.tables';
import * as mailLogRepository from './mail-log.repository';

/**
 * Logs one sent mail. A burst of mail (a webhook sweep's receipts) is logged by one insert per
 * turn, not one per mail: the batcher lives here, built once by the owner of the db handle.
 */
export function createMailRecorder(db: Kysely<Database>) {
  const log = createGroupCommit(async (entries: readonly Insertable<MailLogTable>[]) => {
    await mailLogRepository.insertMany(db, entries);
    return entries.map(() => undefined);
  });
  return (entry: Insertable<MailLogTable>): Promise<void> => log(entry);
}
