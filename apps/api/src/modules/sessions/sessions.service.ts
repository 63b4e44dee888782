import type { TUserSession } from '@cadence/contracts/sessions';
import type { Kysely } from 'kysely';
import { accessTokensOf, liveSessionsOf } from '../../platform/auth/credentials.repository';
import type { Database } from '../../platform/db/schema';

/** What marks "This device": the session id or access-token hash the request came with. */
export type CurrentCredential = { sessionId: string | null; tokenHash: string | null };

/** Live sessions and access tokens, most recently active first; the current one is "This device". */
export async function listSessions(
  db: Kysely<Database>,
  userId: number,
  current: CurrentCredential,
): Promise<TUserSession[]> {
  const [sessions, tokens] = await Promise.all([
    liveSessionsOf(db, userId, new Date()),
    accessTokensOf(db, userId),
  ]);
  const rows: TUserSession[] = [
    ...sessions.map((session) => ({
      // The stored id is the cookie's hash; a prefix is enough to tell rows apart and reveals nothing usable.
      id: `session-${session.id.slice(0, 16)}`,
      device_type: (session.device_type as TUserSession['device_type']) ?? null,
      platform: session.platform,
      browser: session.browser,
      city: session.city,
      country: session.country,
      ip_address: session.ip_address,
      token: null,
      last_active: session.last_active.toISOString(),
      is_current_device: session.id === current.sessionId,
    })),
    ...tokens.map((token) => ({
      id: `token-${token.id}`,
      device_type: null,
      platform: null,
      browser: null,
      city: null,
      country: null,
      ip_address: null,
      token: token.name,
      last_active: (token.last_used_at ?? token.created_at).toISOString(),
      is_current_device: token.token_hash === current.tokenHash,
    })),
  ];
  return rows.sort(
    (a, b) =>
      Number(b.is_current_device) - Number(a.is_current_device) || b.last_active.localeCompare(a.last_active),
  );
}
