import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';

type Db = Kysely<Database> | Transaction<Database>;

const ADMIN_LOCK_KEY = 7_310_001;

/** Serialises writes that may take `admin` away, until the transaction ends. */
export async function lockAdminChanges(trx: Transaction<Database>): Promise<void> {
  await sql`select pg_advisory_xact_lock(${ADMIN_LOCK_KEY})`.execute(trx);
}

/** Active (not suspended) accounts holding `admin`, directly or through a role. */
export async function activeAdminIds(db: Db): Promise<Set<number>> {
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
