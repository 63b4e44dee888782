import type { TPermission } from '@cadence/contracts/user';
import { CompiledQuery, type Kysely } from 'kysely';
import { preparedStatement } from '../db/prepared-statements';
import type { Database, TRestrictionValue, UserRow } from '../db/schema';
import type { AuthUser } from './auth-user';

type Grant = { name: string; restrictions: TRestrictionValue[]; source: 'user' | 'role' | 'plan' };

const RANK: Record<Grant['source'], number> = { user: 0, plan: 1, role: 2 };

/** Design 3: of several grants of one permission the first found wins: user, then plan, then role. */
function mergeGrants(grants: Grant[]): TPermission[] {
  const byName = new Map<string, Grant>();
  for (const grant of grants) {
    const existing = byName.get(grant.name);
    if (!existing || RANK[grant.source] < RANK[existing.source]) byName.set(grant.name, grant);
  }
  return [...byName.values()].map(({ name, restrictions }) => ({ name, restrictions: restrictions ?? [] }));
}

export async function findSession(db: Kysely<Database>, sessionId: string) {
  return db
    .selectFrom('sessions')
    .select(['user_id', 'last_active', 'expires_at'])
    .where('id', '=', sessionId)
    .executeTakeFirst();
}

export type AccessRow = {
  kind: 'role' | 'grant' | 'subscription';
  id: number | null;
  name: string;
  restrictions: TRestrictionValue[] | null;
  source: Grant['source'] | null;
  valid: boolean | null;
};

/**
 * A subscription grants its plan while it is valid (spec 3/6): a live status (Stripe keeps
 * `past_due` while it retries) and not past its end (a cancellation keeps access until then).
 */
const VALID_SUBSCRIPTION = `(s.status in ('active', 'trialing', 'past_due') and (s.ends_at is null or s.ends_at > now()))`;

/**
 * Roles, subscriptions and the union of own, plan and role grants of the user whose id `userId`
 * spells: `$1`, or a sub-select of a caller's own statement (Subsonic folds its sign-in lookup
 * and this into one round trip). A constant text, so callers may prepare it. The plan is the one
 * of a valid subscription, else (billing on) the free plan (design 3).
 */
export function accessRowsSql(userId: string): string {
  return `
    with valid_plans as (
      select s.product_id from subscriptions s
       where s.user_id = ${userId} and ${VALID_SUBSCRIPTION}
    ), plans as (
      select product_id from valid_plans
      union all
      select p.id from products p
       where p.free and not exists (select 1 from valid_plans)
         and exists (select 1 from settings where name = 'billing.enable' and value = 'true')
    )
    select 'role' as kind, r.id, r.name, null::jsonb as restrictions, null as source, null::boolean as valid
      from user_role ur join roles r on r.id = ur.role_id where ur.user_id = ${userId}
    union all
    select 'grant' as kind, null, p.name, pa.restrictions, pa.permissionable_type as source, null
      from permissionables pa join permissions p on p.id = pa.permission_id
     where (pa.permissionable_type = 'user' and pa.permissionable_id = ${userId})
        or (pa.permissionable_type = 'role' and pa.permissionable_id in (select role_id from user_role where user_id = ${userId}))
        or (pa.permissionable_type = 'plan' and pa.permissionable_id in (select product_id from plans))
    union all
    select 'subscription' as kind, s.id, s.status, null, null, ${VALID_SUBSCRIPTION} as valid
      from subscriptions s where s.user_id = ${userId}
  `;
}

const ACCESS_ROWS_SQL = accessRowsSql('$1');

/**
 * The access rows of the user in a caller's `u` (a CTE of one user row), as one JSON column, so
 * the user and their access come back in one statement.
 */
export const ACCESS_COLUMN = `(select coalesce(json_agg(access), '[]'::json) from (${accessRowsSql('(select id from u)')}) access) as access`;

/** A signed-in request's user and access: one round trip where there were two on every request. */
const USER_WITH_ACCESS = preparedStatement(`
  with u as (select users.* from users where users.id = $1)
  select u.*, ${ACCESS_COLUMN} from u`);

/**
 * A bearer token's user, the token's own columns and the user's access, in one statement. `extra`
 * adds columns and joins to the user's row: the Subsonic sign-in reads the account's switch too.
 */
export function tokenUserWithAccessSql(extra = { columns: '', joins: '' }): string {
  const columns = extra.columns ? `, ${extra.columns}` : '';
  return `
  with u as (
    select users.*, t.id as token_id, t.last_used_at as token_last_used_at, t.expires_at as token_expires_at${columns}
      from personal_access_tokens t
      join users on users.id = t.user_id
      ${extra.joins}
     where t.token_hash = $1
  )
  select u.*, ${ACCESS_COLUMN} from u`;
}

const TOKEN_USER_WITH_ACCESS = preparedStatement(tokenUserWithAccessSql());

/** The user with the access its rows (`accessRowsSql`) give. */
export function withAccess(user: UserRow, rows: readonly AccessRow[]): AuthUser {
  const roles = rows
    .filter((row) => row.kind === 'role')
    .map((row) => ({ id: row.id as number, name: row.name }))
    .sort((a, b) => a.id - b.id);
  const grants = rows
    .filter((row) => row.kind === 'grant')
    .map((row) => ({ name: row.name, restrictions: row.restrictions ?? [], source: row.source ?? 'role' }));
  const subscriptions = rows
    .filter((row) => row.kind === 'subscription')
    .map((row) => ({ valid: row.valid === true, active: row.valid === true }));
  return { ...user, roles, permissions: mergeGrants(grants), subscriptions };
}

/** The user `userId` names with their roles, subscriptions and grants, or undefined. */
export async function findUserWithAccess(
  db: Kysely<Database>,
  userId: number,
): Promise<AuthUser | undefined> {
  const { rows } = await db.executeQuery<UserRow & { access: AccessRow[] }>(
    CompiledQuery.raw(USER_WITH_ACCESS, [userId]),
  );
  const row = rows[0];
  if (!row) return undefined;
  const { access, ...user } = row;
  return withAccess(user, access);
}

export type TokenUser = {
  user: AuthUser;
  token: { id: number; last_used_at: Date | null; expires_at: Date | null };
};

/** A row of `tokenUserWithAccessSql`, before its extra columns are taken off. */
export type TokenUserRow = UserRow & {
  access: AccessRow[];
  token_id: number;
  token_last_used_at: Date | null;
  token_expires_at: Date | null;
};

/** The user and token a `tokenUserWithAccessSql` row holds. */
export function toTokenUser(row: TokenUserRow): TokenUser {
  const { access, token_id, token_last_used_at, token_expires_at, ...user } = row;
  return {
    user: withAccess(user, access),
    token: { id: token_id, last_used_at: token_last_used_at, expires_at: token_expires_at },
  };
}

/** The user a personal access token (by its hash) signs in, with their access, or undefined. */
export async function findTokenUserWithAccess(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<TokenUser | undefined> {
  const { rows } = await db.executeQuery<TokenUserRow>(
    CompiledQuery.raw(TOKEN_USER_WITH_ACCESS, [tokenHash]),
  );
  return rows[0] && toTokenUser(rows[0]);
}

/** Roles, subscriptions and grants of `user`, in one round trip. */
export async function loadAccess(db: Kysely<Database>, user: UserRow): Promise<AuthUser> {
  const { rows } = await db.executeQuery<AccessRow>(CompiledQuery.raw(ACCESS_ROWS_SQL, [user.id]));
  return withAccess(user, rows);
}

export async function findGuestRole(db: Kysely<Database>) {
  const role = await db
    .selectFrom('roles')
    .select('id')
    .where('guests', '=', true)
    .orderBy('id')
    .executeTakeFirst();
  if (!role) return null;
  const grants = await db
    .selectFrom('permissionables as pa')
    .innerJoin('permissions as p', 'p.id', 'pa.permission_id')
    .select(['p.name', 'pa.restrictions'])
    .where('pa.permissionable_type', '=', 'role')
    .where('pa.permissionable_id', '=', role.id)
    .orderBy('p.name')
    .execute();
  return {
    id: role.id,
    permissions: grants.map((grant) => ({ name: grant.name, restrictions: grant.restrictions ?? [] })),
  };
}

export async function touchSession(db: Kysely<Database>, sessionId: string, at: Date) {
  await db.updateTable('sessions').set({ last_active: at }).where('id', '=', sessionId).execute();
}

export async function touchToken(db: Kysely<Database>, tokenId: number, at: Date) {
  await db
    .updateTable('personal_access_tokens')
    .set({ last_used_at: at })
    .where('id', '=', tokenId)
    .execute();
}
