import { CompiledQuery, type Kysely, sql } from 'kysely';
import {
  ACCESS_COLUMN,
  type AccessRow,
  type TokenUserRow,
  tokenUserWithAccessSql,
  toTokenUser,
  withAccess,
} from '../../platform/auth/auth.repository';
import type { AuthUser } from '../../platform/auth/auth-user';
import { preparedStatement } from '../../platform/db/prepared-statements';
import type { Database, UserRow } from '../../platform/db/schema';

type Db = Kysely<Database>;

export function findCredentials(db: Db, userId: number) {
  return db
    .selectFrom('subsonic_credentials')
    .select(['user_id', 'is_enabled', 'app_password', 'password_created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function upsertCredentials(
  db: Db,
  userId: number,
  values: { is_enabled?: boolean; app_password?: string | null; password_created_at?: Date | null },
): Promise<void> {
  const now = new Date();
  await db
    .insertInto('subsonic_credentials')
    .values({ user_id: userId, ...values, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, updated_at: now }))
    .execute();
}

export async function touchCredentials(db: Db, userId: number, at: Date): Promise<void> {
  await db
    .updateTable('subsonic_credentials')
    .set({ last_used_at: at })
    .where('user_id', '=', userId)
    .execute();
}

/**
 * The account `u` names: its email (any case), else its name when exactly one account has it
 * (names are not unique, and an ambiguous name must not pick someone).
 */
export async function findUserByLogin(db: Db, login: string) {
  const byEmail = await db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', login.toLowerCase())
    .executeTakeFirst();
  if (byEmail) return byEmail;
  const byName = await db.selectFrom('users').selectAll().where('name', '=', login).limit(2).execute();
  return byName.length === 1 ? byName[0] : undefined;
}

/**
 * `apiKey`: the personal access token's user, the account's Subsonic switch and its access, in
 * one prepared statement (it was three round trips, each planned again, on every call).
 */
const SIGN_IN_BY_TOKEN = preparedStatement(
  tokenUserWithAccessSql({
    columns: 'c.user_id as subsonic_user_id, c.is_enabled as subsonic_is_enabled',
    joins: 'left join subsonic_credentials c on c.user_id = users.id',
  }),
);

/**
 * `u` with the app password: the account `u` names (its email in any case, else its name when
 * exactly one account has it: names are not unique, and an ambiguous name must not pick someone),
 * its credentials and its access, in one prepared statement.
 */
const SIGN_IN_BY_LOGIN = preparedStatement(`
  with u as (
    select users.*, c.user_id as subsonic_user_id, c.is_enabled as subsonic_is_enabled,
           c.app_password as subsonic_app_password, c.last_used_at as subsonic_last_used_at
      from users
      left join subsonic_credentials c on c.user_id = users.id
     where users.id = coalesce(
       (select id from users where lower(email) = $2 limit 1),
       (select min(id) from users where name = $1 having count(*) = 1)
     )
  )
  select u.*, ${ACCESS_COLUMN} from u`);

type SignInColumns = {
  access: AccessRow[];
  subsonic_user_id: number | null;
  subsonic_is_enabled: boolean | null;
};

export type SubsonicCredentials = {
  is_enabled: boolean;
  app_password: string | null;
  last_used_at: Date | null;
};

export type TokenSignIn = {
  user: AuthUser;
  token: { id: number; last_used_at: Date | null; expires_at: Date | null };
  /** The account's Subsonic switch; undefined when it never saved one (on). */
  isEnabled: boolean | undefined;
};

export async function signInByToken(db: Db, tokenHash: string): Promise<TokenSignIn | undefined> {
  const { rows } = await db.executeQuery<TokenUserRow & Omit<SignInColumns, 'access'>>(
    CompiledQuery.raw(SIGN_IN_BY_TOKEN, [tokenHash]),
  );
  const row = rows[0];
  if (!row) return undefined;
  const { subsonic_user_id, subsonic_is_enabled, ...tokenUser } = row;
  return {
    ...toTokenUser(tokenUser),
    isEnabled: subsonic_user_id === null ? undefined : subsonic_is_enabled === true,
  };
}

export type LoginSignIn = { user: AuthUser; credentials: SubsonicCredentials | undefined };

export async function signInByLogin(db: Db, login: string): Promise<LoginSignIn | undefined> {
  const { rows } = await db.executeQuery<
    UserRow & SignInColumns & { subsonic_app_password: string | null; subsonic_last_used_at: Date | null }
  >(CompiledQuery.raw(SIGN_IN_BY_LOGIN, [login, login.toLowerCase()]));
  const row = rows[0];
  if (!row) return undefined;
  const {
    access,
    subsonic_user_id,
    subsonic_is_enabled,
    subsonic_app_password,
    subsonic_last_used_at,
    ...user
  } = row;
  return {
    user: withAccess(user, access),
    credentials:
      subsonic_user_id === null
        ? undefined
        : {
            is_enabled: subsonic_is_enabled === true,
            app_password: subsonic_app_password,
            last_used_at: subsonic_last_used_at,
          },
  };
}
