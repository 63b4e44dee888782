import type { TAdminUsersQuery } from '@cadence/contracts/admin-users';
import { type Kysely, sql, type Transaction } from 'kysely';
import { adminPage, containsPattern, searchColumns } from '../../platform/db/admin-list';
import type { Database } from '../../platform/db/schema';

type Db = Kysely<Database> | Transaction<Database>;

const SORTABLE = {
  name: 'users.name',
  email: 'users.email',
  created_at: 'users.created_at',
  banned_at: 'users.banned_at',
  email_verified_at: 'users.email_verified_at',
};

/** The NOT NULL sorts, each served by a `(column, id)` index: Next seeks there (see `adminPage`). */
const SEEKABLE = { name: 'text', email: 'text', created_at: 'timestamptz' } as const;

/**
 * Name or email contains the text, case ignored: one LIKE on the stored `admin_search` (its
 * trigram index serves narrow searches, and a broad one rechecks cheaper text). A newline in the
 * text could match across the two columns there, so that rare query takes the two ILIKEs.
 */
function nameOrEmailContains(query: string) {
  if (query.includes('\n')) return searchColumns(['users.name', 'users.email'], query);
  return sql<boolean>`users.admin_search like lower(${containsPattern(query)})`;
}

/** The columns an admin may change on `PUT users/{id}` beyond the account details. */
export type AdminUserColumns = {
  email?: string;
  email_verified_at?: Date | null;
  ban_reason?: string | null;
};

/** The users table as the admin pages read and write it, with the user's role links. */
/** One page of users (search, filters, sort); role names come from `rolesOfUsers`. */
export function page(db: Db, params: TAdminUsersQuery) {
  let base = db.selectFrom('users');
  if (params.query) base = base.where(nameOrEmailContains(params.query));
  if (params.banned !== undefined)
    base = base.where('users.banned_at', params.banned ? 'is not' : 'is', null);
  if (params.email_verified !== undefined)
    base = base.where('users.email_verified_at', params.email_verified ? 'is not' : 'is', null);
  if (params.subscribed !== undefined) {
    // Valid as the permission resolver counts it: a live status, not past its end.
    const valid = sql<boolean>`exists (select 1 from subscriptions s where s.user_id = users.id
      and s.status in ('active', 'trialing', 'past_due') and (s.ends_at is null or s.ends_at > now()))`;
    base = base.where(params.subscribed ? valid : sql<boolean>`not ${valid}`);
  }
  if (params.role) {
    const roleId = params.role;
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_role')
          .select('user_role.user_id')
          .whereRef('user_role.user_id', '=', 'users.id')
          .where('user_role.role_id', '=', roleId),
      ),
    );
  }
  return adminPage(
    base,
    params,
    { sortable: SORTABLE, defaultOrderBy: 'created_at', tieBreaker: 'users.id', seek: SEEKABLE },
    (query) =>
      query.select([
        'users.id',
        'users.name',
        'users.email',
        'users.image',
        'users.email_verified_at',
        'users.banned_at',
        'users.created_at',
      ]),
    // A search such as "example" matches half of a large site: count up to the cap only.
    { db },
  );
}

/** The roles (id, name) of these users, one row per link, by role id. */
export const rolesOfUsers = (db: Db, userIds: number[]) =>
  db
    .selectFrom('user_role')
    .innerJoin('roles', 'roles.id', 'user_role.role_id')
    .select(['user_role.user_id', 'roles.id', 'roles.name'])
    .where('user_role.user_id', 'in', userIds)
    .orderBy('roles.id')
    .execute();

/** The columns the audit log keeps of a user (no secrets). */
export const auditColumns = (db: Db, userId: number) =>
  db
    .selectFrom('users')
    .select([
      'id',
      'name',
      'email',
      'email_verified_at',
      'banned_at',
      'ban_reason',
      'language',
      'country',
      'timezone',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();

export const roleIdsOf = async (db: Db, userId: number) =>
  (
    await db
      .selectFrom('user_role')
      .select('role_id')
      .where('user_id', '=', userId)
      .orderBy('role_id')
      .execute()
  ).map((row) => row.role_id);

export const existingRoleIds = async (db: Db, ids: readonly number[]) =>
  (
    await db
      .selectFrom('roles')
      .select('id')
      .where('id', 'in', [...ids])
      .execute()
  ).map((row) => row.id);

export const defaultRoleIds = async (db: Db) =>
  (await db.selectFrom('roles').select('id').where('default', '=', true).execute()).map((row) => row.id);

export async function replaceRoles(trx: Transaction<Database>, userId: number, roleIds: readonly number[]) {
  await trx.deleteFrom('user_role').where('user_id', '=', userId).execute();
  if (roleIds.length > 0)
    await trx
      .insertInto('user_role')
      .values(roleIds.map((roleId) => ({ user_id: userId, role_id: roleId })))
      .execute();
}

/** Whether another user has this email, case ignored. */
export async function emailTaken(db: Db, email: string, exceptId?: number) {
  let query = db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()));
  if (exceptId) query = query.where('id', '!=', exceptId);
  return !!(await query.executeTakeFirst());
}

export const insert = async (
  trx: Transaction<Database>,
  values: { email: string; name: string; password: string; email_verified_at: Date | null; now: Date },
) =>
  (
    await trx
      .insertInto('users')
      .values({
        email: values.email,
        name: values.name,
        password: values.password,
        email_verified_at: values.email_verified_at,
        created_at: values.now,
        updated_at: values.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

export async function update(trx: Transaction<Database>, userId: number, columns: AdminUserColumns) {
  await trx
    .updateTable('users')
    .set({ ...columns, updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
}

export const existingIds = async (db: Db, ids: number[]) =>
  (await db.selectFrom('users').select('id').where('id', 'in', ids).execute()).map((row) => row.id);

/** Deletes the users and their direct grants; answers how many users went. */
export async function remove(trx: Transaction<Database>, ids: number[]) {
  await trx
    .deleteFrom('permissionables')
    .where('permissionable_type', '=', 'user')
    .where('permissionable_id', 'in', ids)
    .execute();
  const result = await trx.deleteFrom('users').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}
