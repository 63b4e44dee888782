import { createHmac } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { hashToken } from '../../platform/auth/tokens';

/** What a play report knows of who sent it, taken from the request once by the route. */
export type PlayListener = {
  userId: number | null;
  ip: string;
  userAgent: string | undefined;
  headers: Record<string, string | string[] | undefined>;
};

export function listenerOf(request: FastifyRequest): PlayListener {
  return {
    userId: request.user?.id ?? null,
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    headers: request.headers,
  };
}

/**
 * Who is listening, for the once-per-listen rule: the user, or for a guest the address and
 * browser (hashed: the key holds no personal data).
 */
export function listenerKey(listener: PlayListener): string {
  if (listener.userId !== null) return `user:${listener.userId}`;
  return `guest:${hashToken(`${listener.ip}|${listener.userAgent ?? ''}`)}`;
}

/** The listener as a salted hash: counts unique listeners, cannot be turned back into an address. */
export function listenerHash(listener: PlayListener, salt: string): string {
  return createHmac('sha256', salt).update(listenerKey(listener)).digest('base64url').slice(0, 32);
}
