import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/** Sessions (by the hash of their cookie) and personal access tokens: the ways a user signs requests. */
export async function insertSession(db: Db, session: Insertable<Database['sessions']>): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/** Deletes the user's sessions (all, or all but `exceptSessionId`); the ids deleted. */
export async function deleteUserSessions(
  db: Db,
  userId: number,
  exceptSessionId: string | null,
): Promise<string[]> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
  const rows = await query.returning('id').execute();
  return rows.map((row) => row.id);
}

/** Deletes the user's access tokens (all, or all but `exceptTokenId`); the ids deleted. */
export async function deleteUserTokens(
  db: Db,
  userId: number,
  exceptTokenId: number | null,
): Promise<number[]> {
  let query = db.deleteFrom('personal_access_tokens').where('user_id', '=', userId);
  if (exceptTokenId !== null) query = query.where('id', '!=', exceptTokenId);
  const rows = await query.returning('id').execute();
  return rows.map((row) => row.id);
}

/** Whether the session or token row is still there (a socket's check once it is attached). */
export async function isCredentialLive(
  db: Db,
  credential: { sessionId: string | null; tokenId: number | null },
): Promise<boolean> {
  if (credential.sessionId) {
    return !!(await db
      .selectFrom('sessions')
      .select('id')
      .where('id', '=', credential.sessionId)
      .executeTakeFirst());
  }
  if (credential.tokenId === null) return false;
  return !!(await db
    .selectFrom('personal_access_tokens')
    .select('id')
    .where('id', '=', credential.tokenId)
    .executeTakeFirst());
}

export async function sessionIdsOf(db: Db, userId: number): Promise<string[]> {
  const rows = await db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute();
  return rows.map((row) => row.id);
}

export async function deleteSessionsExpiredBefore(db: Db, now: Date): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The user's unexpired sessions, for the sessions panel. */
export function liveSessionsOf(db: Db, userId: number, now: Date) {
  return db
    .selectFrom('sessions')
    .select(['id', 'device_type', 'platform', 'browser', 'city', 'country', 'ip_address', 'last_active'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .execute();
}

export function insertAccessToken(db: Db, token: { user_id: number; name: string; token_hash: string }) {
  return db
    .insertInto('personal_access_tokens')
    .values(token)
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
}

export function accessTokensOf(db: Db, userId: number) {
  return db
    .selectFrom('personal_access_tokens')
    .select(['id', 'name', 'token_hash', 'last_used_at', 'created_at'])
    .where('user_id', '=', userId)
    .execute();
}

/** The credential a request was signed with: its session id, or its access token's hash. */
export type Credential = { kind: 'session'; sessionId: string } | { kind: 'token'; tokenHash: string };

export async function passwordConfirmedAt(db: Db, credential: Credential): Promise<Date | null> {
  const row =
    credential.kind === 'session'
      ? await db
          .selectFrom('sessions')
          .select('password_confirmed_at')
          .where('id', '=', credential.sessionId)
          .executeTakeFirst()
      : await db
          .selectFrom('personal_access_tokens')
          .select('password_confirmed_at')
          .where('token_hash', '=', credential.tokenHash)
          .executeTakeFirst();
  return row?.password_confirmed_at ?? null;
}

export async function setPasswordConfirmedAt(db: Db, credential: Credential, at: Date): Promise<void> {
  if (credential.kind === 'session') {
    await db
      .updateTable('sessions')
      .set({ password_confirmed_at: at })
      .where('id', '=', credential.sessionId)
      .execute();
    return;
  }
  await db
    .updateTable('personal_access_tokens')
    .set({ password_confirmed_at: at })
    .where('token_hash', '=', credential.tokenHash)
    .execute();
}
