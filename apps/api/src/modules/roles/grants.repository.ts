import type { TGrantPayload } from '@cadence/contracts/admin-users';
import type { Kysely, Transaction } from 'kysely';
import type { Database, TRestrictionValue } from '../../platform/db/schema';

type Db = Kysely<Database> | Transaction<Database>;
export type GrantOwner = { type: 'user' | 'role'; id: number };

/** The owner's grants as stored (name + restriction values), by name. */
export async function loadGrants(db: Db, owner: GrantOwner) {
  const rows = await db
    .selectFrom('permissionables as pa')
    .innerJoin('permissions as p', 'p.id', 'pa.permission_id')
    .select(['p.name', 'pa.restrictions'])
    .where('pa.permissionable_type', '=', owner.type)
    .where('pa.permissionable_id', '=', owner.id)
    .orderBy('p.name')
    .execute();
  return rows.map((row) => ({
    name: row.name,
    restrictions: (row.restrictions ?? []) as TRestrictionValue[],
  }));
}

/** Replaces the owner's grants with `grants` (already checked). */
export async function replaceGrants(
  trx: Db,
  owner: GrantOwner,
  grants: readonly TGrantPayload[],
): Promise<void> {
  await trx
    .deleteFrom('permissionables')
    .where('permissionable_type', '=', owner.type)
    .where('permissionable_id', '=', owner.id)
    .execute();
  if (grants.length === 0) return;
  const permissions = await trx
    .selectFrom('permissions')
    .select(['id', 'name'])
    .where(
      'name',
      'in',
      grants.map((grant) => grant.name),
    )
    .execute();
  const idOf = new Map(permissions.map((permission) => [permission.name, permission.id]));
  const values = grants.flatMap((grant) => {
    const id = idOf.get(grant.name);
    // Every catalogue name is seeded; a name missing here was refused by checkGrants.
    if (id === undefined) return [];
    const restrictions = (grant.restrictions ?? []).filter((restriction) => restriction.value !== null);
    return [
      {
        permission_id: id,
        permissionable_type: owner.type,
        permissionable_id: owner.id,
        restrictions: JSON.stringify(restrictions),
      },
    ];
  });
  if (values.length > 0) await trx.insertInto('permissionables').values(values).execute();
}
