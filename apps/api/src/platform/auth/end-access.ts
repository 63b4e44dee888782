import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { EndedCredentials, RealtimeHub } from '../realtime/realtime-hub';
import type { Cache } from '../redis/services';
import { deleteUserSessions, deleteUserTokens, sessionIdsOf } from './credentials.repository';
import { markSessionsRevoked, sessionCacheKey } from './session-cache';

/**
 * What ends: every session of the user but `keepSessionId`, and (with `tokens`) every access
 * token but `keepTokenId`. Null keeps nothing.
 */
export type AccessToEnd = { keepSessionId: string | null; tokens: boolean; keepTokenId?: number | null };

type Deps = { db: Kysely<Database>; cache: Cache; realtime: RealtimeHub };

/** Deletes the rows, in the caller's transaction when it passes one; answers what ended. */
export async function deleteAccess(
  db: Kysely<Database>,
  userId: number,
  what: AccessToEnd,
): Promise<EndedCredentials> {
  const sessionIds = await deleteUserSessions(db, userId, what.keepSessionId);
  const tokenIds = what.tokens ? await deleteUserTokens(db, userId, what.keepTokenId ?? null) : [];
  return { sessionIds, tokenIds };
}

/**
 * Once the deletion is committed: the sessions' cache keys hold the revocation marker, and one
 * control message closes their sockets (after a `session.ended` event) on every replica.
 */
export async function announceEndedAccess(
  deps: Omit<Deps, 'db'>,
  userId: number,
  ended: EndedCredentials,
): Promise<void> {
  await markSessionsRevoked(deps.cache, ended.sessionIds);
  await deps.realtime.endCredentials(userId, ended);
}

/** Ends the user's sessions and tokens as `what` says: rows, cache entries and open sockets. */
export async function endAccess(deps: Deps, userId: number, what: AccessToEnd): Promise<EndedCredentials> {
  const ended = await deps.db.transaction().execute((trx) => deleteAccess(trx, userId, what));
  await announceEndedAccess(deps, userId, ended);
  return ended;
}

/**
 * A ban, in the caller's transaction: the tokens go; the sessions stay, refused everything but
 * the suspended screen and logout (spec 2), so an unban needs no new login. Answers the
 * sessions too, whose sockets `announceSuspendedAccess` closes.
 */
export async function suspendAccess(db: Kysely<Database>, userId: number): Promise<EndedCredentials> {
  const tokenIds = await deleteUserTokens(db, userId, null);
  return { sessionIds: await sessionIdsOf(db, userId), tokenIds };
}

/** Once the ban is committed: the sessions are read afresh (banned), and every socket closes. */
export async function announceSuspendedAccess(
  deps: Omit<Deps, 'db'>,
  userId: number,
  ended: EndedCredentials,
): Promise<void> {
  await Promise.all(ended.sessionIds.map((id) => deps.cache.delete(sessionCacheKey(id))));
  await deps.realtime.endCredentials(userId, ended);
}
