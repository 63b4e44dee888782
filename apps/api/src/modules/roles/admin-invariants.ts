import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { validationError } from '../../platform/http/app-error';
import { activeAdminIds, lockAdminChanges } from './admin-guard.repository';

export const LAST_ADMIN_MESSAGE = 'The site must keep at least one admin.';
export const OWN_ADMIN_MESSAGE = 'You cannot remove your own admin permission.';

/**
 * Runs a write that may take `admin` away from someone (roles, grants, bans, deletions), then
 * checks, still inside the transaction, that the site keeps an admin and that the acting admin
 * kept their own: otherwise the 422 (on `field`) rolls the write back.
 */
export async function keepingAdmins<T>(
  trx: Transaction<Database>,
  actorId: number,
  field: string,
  write: () => Promise<T>,
): Promise<T> {
  // One such write at a time: two admins demoting each other at once cannot both pass the check.
  await lockAdminChanges(trx);
  const before = await activeAdminIds(trx);
  const result = await write();
  const after = await activeAdminIds(trx);
  if (before.has(actorId) && !after.has(actorId)) throw validationError({ [field]: OWN_ADMIN_MESSAGE });
  if (before.size > 0 && after.size === 0) throw validationError({ [field]: LAST_ADMIN_MESSAGE });
  return result;
}
