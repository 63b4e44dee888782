import type { TUserSession } from '@cadence/contracts/sessions';
import type { FastifyRequest } from 'fastify';
import { hashToken } from '../../platform/auth/tokens';
import { currentUser } from '../auth/require-user';

function bearerHash(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (request.authVia !== 'token' || !header?.startsWith('Bearer ')) return null;
  const value = header.slice(7).trim();
  return hashToken(value.includes('|') ? value.slice(value.indexOf('|') + 1) : value);
}

/** Live sessions and access tokens, most recently active first; the current one is "This device". */
export async function listSessions(request: FastifyRequest): Promise<TUserSession[]> {
  const { db } = request.server.deps;
  const user = currentUser(request);
  const [sessions, tokens] = await Promise.all([
    db
      .selectFrom('sessions')
      .select(['id', 'device_type', 'platform', 'browser', 'city', 'country', 'ip_address', 'last_active'])
      .where('user_id', '=', user.id)
      .where('expires_at', '>', new Date())
      .execute(),
    db
      .selectFrom('personal_access_tokens')
      .select(['id', 'name', 'token_hash', 'last_used_at', 'created_at'])
      .where('user_id', '=', user.id)
      .execute(),
  ]);
  const currentTokenHash = bearerHash(request);
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
      is_current_device: session.id === request.sessionId,
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
      is_current_device: token.token_hash === currentTokenHash,
    })),
  ];
  return rows.sort(
    (a, b) =>
      Number(b.is_current_device) - Number(a.is_current_device) || b.last_active.localeCompare(a.last_active),
  );
}
