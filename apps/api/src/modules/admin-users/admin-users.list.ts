import type { TAdminUserListItem, TAdminUsersQuery } from '@cadence/contracts/admin-users';
import { type Kysely, sql } from 'kysely';
import { adminPage, mapAdminPage, searchColumns } from '../../platform/db/admin-list';
import type { Database } from '../../platform/db/schema';

const SORTABLE = {
  name: 'users.name',
  email: 'users.email',
  created_at: 'users.created_at',
  banned_at: 'users.banned_at',
  email_verified_at: 'users.email_verified_at',
};

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** `GET api/v1/users`: one page of users (search, filters, sort) with their role names. */
export async function listUsers(db: Kysely<Database>, params: TAdminUsersQuery) {
  let base = db.selectFrom('users');
  if (params.query) base = base.where(searchColumns(['users.name', 'users.email'], params.query));
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
  const page = await adminPage(
    base,
    params,
    { sortable: SORTABLE, defaultOrderBy: 'created_at', tieBreaker: 'users.id' },
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
  );
  const ids = page.pagination.data.map((row) => row.id);
  const roles = ids.length
    ? await db
        .selectFrom('user_role')
        .innerJoin('roles', 'roles.id', 'user_role.role_id')
        .select(['user_role.user_id', 'roles.id', 'roles.name'])
        .where('user_role.user_id', 'in', ids)
        .orderBy('roles.id')
        .execute()
    : [];
  return mapAdminPage(page, (rows) =>
    rows.map(
      (row): TAdminUserListItem => ({
        id: row.id,
        name: row.name,
        email: row.email,
        image: row.image,
        email_verified_at: iso(row.email_verified_at),
        banned_at: iso(row.banned_at),
        created_at: row.created_at.toISOString(),
        roles: roles
          .filter((role) => role.user_id === row.id)
          .map((role) => ({ id: role.id, name: role.name })),
      }),
    ),
  );
}
