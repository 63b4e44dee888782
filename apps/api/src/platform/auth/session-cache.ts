import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Cache } from '../redis/services';

/**
 * Short enough that a session deleted behind the app's back (SQL by hand) dies within a minute;
 * every deletion through the app forgets its keys at once.
 */
export const SESSION_CACHE_TTL_SECONDS = 60;

/** Only the session -> user mapping is cached: the user row is read fresh, so bans and role changes apply at once. */
export type CachedSession = { userId: number; expiresAt: number; lastActive: number };

export function sessionCacheKey(sessionId: string): string {
  return `auth:session:${sessionId}`;
}

export async function forgetSessions(cache: Cache, sessionIds: readonly string[]): Promise<void> {
  await Promise.all(sessionIds.map((id) => cache.delete(sessionCacheKey(id))));
}

type SessionDeps = { db: Kysely<Database>; cache: Cache };

/** Deletes one session row (logout) and its cache entry. */
export async function revokeSession(deps: SessionDeps, sessionId: string): Promise<void> {
  await deps.db.deleteFrom('sessions').where('id', '=', sessionId).execute();
  await forgetSessions(deps.cache, [sessionId]);
}

/** Deletes a user's sessions (all, or all but `exceptSessionId`) and their cache entries. */
export async function revokeUserSessions(
  deps: SessionDeps,
  userId: number,
  exceptSessionId: string | null = null,
): Promise<void> {
  let query = deps.db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
  const rows = await query.returning('id').execute();
  await forgetSessions(
    deps.cache,
    rows.map((row) => row.id),
  );
}

/** Forgets a user's cached sessions without deleting them (ban, or before a cascading delete). */
export async function forgetUserSessions(deps: SessionDeps, userId: number): Promise<void> {
  const rows = await deps.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute();
  await forgetSessions(
    deps.cache,
    rows.map((row) => row.id),
  );
}
