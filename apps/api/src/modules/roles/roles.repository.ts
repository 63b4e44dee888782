import type { TRolePayload } from '@cadence/contracts/admin-roles';
import { type Kysely, sql, type Transaction } from 'kysely';
import { type AdminListParams, adminPage, searchColumns } from '../../platform/db/admin-list';
import type { Database } from '../../platform/db/schema';

type Db = Kysely<Database> | Transaction<Database>;
type RoleColumns = Pick<TRolePayload, 'name' | 'description' | 'default' | 'guests'>;

const SORTABLE = { name: 'roles.name', created_at: 'roles.created_at', users_count: 'users_count' };

const usersCount = sql<number>`(select count(*)::int from user_role where user_role.role_id = roles.id)`;

const ROLE_COLUMNS = [
  'roles.id',
  'roles.name',
  'roles.description',
  'roles.default',
  'roles.guests',
  'roles.internal',
  'roles.artists',
  'roles.type',
  'roles.created_at',
  'roles.updated_at',
] as const;

function selectRole(db: Db) {
  return db.selectFrom('roles').select([...ROLE_COLUMNS, usersCount.as('users_count')]);
}

export type RoleRow = Awaited<ReturnType<ReturnType<typeof selectRole>['executeTakeFirstOrThrow']>>;

const columnsOf = (role: RoleColumns) => ({
  name: role.name,
  description: role.description ?? null,
  default: role.default ?? false,
  guests: role.guests ?? false,
});

export function rolesPage(db: Db, params: AdminListParams) {
  let base = db.selectFrom('roles');
  if (params.query) base = base.where(searchColumns(['roles.name', 'roles.description'], params.query));
  return adminPage(
    base,
    params,
    { sortable: SORTABLE, defaultOrderBy: 'created_at', defaultDir: 'asc', tieBreaker: 'roles.id' },
    (query) => query.select([...ROLE_COLUMNS, usersCount.as('users_count')]),
  );
}

export function findRoleRow(db: Db, id: number): Promise<RoleRow | undefined> {
  return selectRole(db).where('roles.id', '=', id).executeTakeFirst();
}

/** The grants of each role of `ids`, by permission name. */
export function grantsOfRoles(db: Db, ids: number[]) {
  return db
    .selectFrom('permissionables as pa')
    .innerJoin('permissions as p', 'p.id', 'pa.permission_id')
    .select(['pa.permissionable_id as role_id', 'p.name', 'pa.restrictions'])
    .where('pa.permissionable_type', '=', 'role')
    .where('pa.permissionable_id', 'in', ids)
    .orderBy('p.name')
    .execute();
}

/** Role names are unique whatever their case. */
export async function roleNameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  let query = db
    .selectFrom('roles')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (exceptId) query = query.where('id', '!=', exceptId);
  return !!(await query.executeTakeFirst());
}

export async function insertRole(db: Db, role: RoleColumns): Promise<number> {
  const now = new Date();
  const row = await db
    .insertInto('roles')
    .values({ ...columnsOf(role), created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateRole(db: Db, id: number, role: RoleColumns): Promise<void> {
  await db
    .updateTable('roles')
    .set({ ...columnsOf(role), updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Clears the guests flag of every role but `roleId`. */
export async function clearOtherGuestFlags(db: Db, roleId: number): Promise<void> {
  await db
    .updateTable('roles')
    .set({ guests: false })
    .where('id', '!=', roleId)
    .where('guests', '=', true)
    .execute();
}

export function rolesByIds(db: Db, ids: number[]) {
  return db.selectFrom('roles').select(['id', 'internal']).where('id', 'in', ids).execute();
}

/** The default roles for new users, leaving out `exceptIds`. */
export async function defaultRoleIds(db: Db, exceptIds: number[]): Promise<number[]> {
  const rows = await db
    .selectFrom('roles')
    .select('id')
    .where('default', '=', true)
    .where('id', 'not in', exceptIds)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/** The users holding any role of `roleIds` (once per role held). */
export async function holdersOfRoles(db: Db, roleIds: number[]): Promise<number[]> {
  const rows = await db.selectFrom('user_role').select('user_id').where('role_id', 'in', roleIds).execute();
  return rows.map((row) => row.user_id);
}

/** Gives each user each role; roles already held stay. */
export async function assignRoles(db: Db, userIds: number[], roleIds: number[]): Promise<void> {
  const values = userIds.flatMap((userId) => roleIds.map((roleId) => ({ user_id: userId, role_id: roleId })));
  if (values.length === 0) return;
  await db
    .insertInto('user_role')
    .values(values)
    .onConflict((oc) => oc.columns(['user_id', 'role_id']).doNothing())
    .execute();
}

/** Deletes the roles with their grants; the number of roles deleted. */
export async function deleteRoles(db: Db, ids: number[]): Promise<number> {
  await db
    .deleteFrom('permissionables')
    .where('permissionable_type', '=', 'role')
    .where('permissionable_id', 'in', ids)
    .execute();
  const result = await db.deleteFrom('roles').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}
