import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Cache } from '../redis/services';
import { deleteSession, deleteUserSessions, sessionIdsOf } from './credentials.repository';

/**
 * Short enough that a session deleted behind the app's back (SQL by hand) dies within a minute;
 * every deletion through the app forgets its keys at once.
 */
export const SESSION_CACHE_TTL_SECONDS = 60;

/** Only the session -> user mapping is cached: the user row is read fresh, so bans and role changes apply at once. */
export type CachedSession = { userId: number; expiresAt: number; lastActive: number };

/**
 * What a revoked session's key holds for one TTL. A request that read the row just before the
 * revocation fills the cache with `add` (set-if-absent), which this marker refuses: without it,
 * such a request could put a logged-out session back for up to a minute.
 */
export const REVOKED_SESSION = { revoked: true } as const;
type CacheEntry = CachedSession | typeof REVOKED_SESSION;

export function sessionCacheKey(sessionId: string): string {
  return `auth:session:${sessionId}`;
}

/** The cached live session, `'revoked'` when it was revoked within the TTL, or undefined when not cached. */
export async function readCachedSession(
  cache: Cache,
  sessionId: string,
): Promise<CachedSession | 'revoked' | undefined> {
  const entry = await cache.get<CacheEntry>(sessionCacheKey(sessionId));
  if (!entry) return undefined;
  return 'revoked' in entry ? 'revoked' : entry;
}

/** Caches a session read from the database, unless it was revoked (or cached) meanwhile. */
export async function cacheSession(cache: Cache, sessionId: string, session: CachedSession): Promise<void> {
  await cache.add(sessionCacheKey(sessionId), session, SESSION_CACHE_TTL_SECONDS);
}

/** For sessions whose rows were deleted: their keys hold the revocation marker for one TTL. */
export async function markSessionsRevoked(cache: Cache, sessionIds: readonly string[]): Promise<void> {
  await Promise.all(
    sessionIds.map((id) => cache.set(sessionCacheKey(id), REVOKED_SESSION, SESSION_CACHE_TTL_SECONDS)),
  );
}

type SessionDeps = { db: Kysely<Database>; cache: Cache };

/** Deletes one session row (logout) and its cache entry. */
export async function revokeSession(deps: SessionDeps, sessionId: string): Promise<void> {
  await deleteSession(deps.db, sessionId);
  await markSessionsRevoked(deps.cache, [sessionId]);
}

/** Deletes a user's sessions (all, or all but `exceptSessionId`) and their cache entries. */
export async function revokeUserSessions(
  deps: SessionDeps,
  userId: number,
  exceptSessionId: string | null = null,
): Promise<string[]> {
  const ids = await deleteUserSessions(deps.db, userId, exceptSessionId);
  await markSessionsRevoked(deps.cache, ids);
  return ids;
}

/**
 * Drops a user's cached sessions without deleting them (a ban): the sessions stay valid, so the
 * keys are emptied, not marked revoked, and an unban needs no new login.
 */
export async function forgetUserSessions(deps: SessionDeps, userId: number): Promise<void> {
  const ids = await sessionIdsOf(deps.db, userId);
  await Promise.all(ids.map((id) => deps.cache.delete(sessionCacheKey(id))));
}
