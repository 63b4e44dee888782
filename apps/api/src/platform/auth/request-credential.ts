import type { FastifyRequest } from 'fastify';
import type { Credential } from './credentials.repository';
import { hashToken } from './tokens';

/** The secret part of `Bearer <id>|<secret>` (or of a bare `Bearer <secret>`). */
function bearerSecret(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const value = header.slice(7).trim();
  return value.includes('|') ? value.slice(value.indexOf('|') + 1) : value;
}

/** The credential the request was authenticated with, or null for a guest. */
export function credentialOf(request: FastifyRequest): Credential | null {
  if (request.authVia === 'session' && request.sessionId)
    return { kind: 'session', sessionId: request.sessionId };
  const secret = bearerSecret(request);
  if (request.authVia === 'token' && secret) return { kind: 'token', tokenHash: hashToken(secret) };
  return null;
}
