import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { Storage } from '../../platform/storage/get-storage';
import { deleteOrphanUploads } from './orphan-uploads.repository';

/** An upload nothing took up within a day (issue 32) was abandoned: its publish or form never came. */
export const ORPHAN_UPLOAD_AGE_MS = 24 * 60 * 60 * 1000;
const BATCH = 500;

/**
 * Removes abandoned uploads: the rows first (checked against every reference in the same
 * statement), then their bytes. Idempotent: a second run finds nothing; bytes already gone are
 * not an error. Upload drafts are kept however old: the spec sets no age for them.
 */
export async function sweepOrphanUploads(
  db: Kysely<Database>,
  storage: Pick<Storage, 'get'>,
  now = new Date(),
): Promise<number> {
  const before = new Date(now.getTime() - ORPHAN_UPLOAD_AGE_MS);
  let total = 0;
  for (;;) {
    const deleted = await deleteOrphanUploads(db, before, BATCH);
    await Promise.all(
      deleted.map((row) =>
        storage
          .get(row.disk)
          .delete(row.path)
          .catch(() => {}),
      ),
    );
    total += deleted.length;
    if (deleted.length < BATCH) return total;
  }
}
