import { timingSafeEqual } from 'node:crypto';
import type { TSocialService } from '@cadence/contracts/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isSecureRequest } from '../auth/session-start';

export const STATE_COOKIE = 'cadence_social';
export const PENDING_COOKIE = 'cadence_social_pending';
export const SOCIAL_COOKIE_PATH = '/secure/auth/social';
const TTL_SECONDS = 600;

export type SocialIntent = 'login' | 'connect';
export type SocialState = { state: string; verifier: string; service: TSocialService; intent: SocialIntent };

function cookieOptions(request: FastifyRequest) {
  return {
    path: SOCIAL_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: isSecureRequest(request),
    signed: true,
    maxAge: TTL_SECONDS,
  };
}

export function writeSignedCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
  value: unknown,
) {
  reply.setCookie(name, JSON.stringify(value), cookieOptions(request));
}

export function readSignedCookie<T>(request: FastifyRequest, name: string): T | null {
  const raw = request.cookies[name];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  try {
    return JSON.parse(unsigned.value) as T;
  } catch {
    return null;
  }
}

export function clearSocialCookie(reply: FastifyReply, name: string) {
  reply.clearCookie(name, { path: SOCIAL_COOKIE_PATH });
}

export function isSameState(expected: string, received: string): boolean {
  const left = Buffer.from(expected);
  const right = Buffer.from(received);
  return left.length === right.length && timingSafeEqual(left, right);
}
