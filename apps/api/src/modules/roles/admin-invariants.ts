import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { validationError } from '../../platform/http/app-error';

type Db = Kysely<Database> | Transaction<Database>;

const ADMIN_LOCK_KEY = 7_310_001;
export const LAST_ADMIN_MESSAGE = 'The site must keep at least one admin.';
export const OWN_ADMIN_MESSAGE = 'You cannot remove your own admin permission.';

/** Active (not suspended) accounts holding `admin`, directly or through a role. */
async function adminIds(db: Db): Promise<Set<number>> {
  const rows = await sql<{ id: number }>`
    select u.id from users u
     where u.banned_at is null and (
       exists (select 1 from permissionables pa join permissions p on p.id = pa.permission_id
                where p.name = 'admin' and pa.permissionable_type = 'user' and pa.permissionable_id = u.id)
       or exists (select 1 from user_role ur
                    join permissionables pa on pa.permissionable_type = 'role' and pa.permissionable_id = ur.role_id
                    join permissions p on p.id = pa.permission_id
                   where p.name = 'admin' and ur.user_id = u.id))
  `.execute(db);
  return new Set(rows.rows.map((row) => Number(row.id)));
}

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
  await sql`select pg_advisory_xact_lock(${ADMIN_LOCK_KEY})`.execute(trx);
  const before = await adminIds(trx);
  const result = await write();
  const after = await adminIds(trx);
  if (before.has(actorId) && !after.has(actorId)) throw validationError({ [field]: OWN_ADMIN_MESSAGE });
  if (before.size > 0 && after.size === 0) throw validationError({ [field]: LAST_ADMIN_MESSAGE });
  return result;
}
