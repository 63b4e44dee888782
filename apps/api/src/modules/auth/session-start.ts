import type { FastifyReply, FastifyRequest } from 'fastify';
import * as authRepository from '../../platform/auth/auth.repository';
import { createSession, SESSION_TTL_MS } from '../../platform/auth/session.service';
import { revokeSession, revokeUserSessions } from '../../platform/auth/session-cache';
import { hashToken } from '../../platform/auth/tokens';
import type { UserRow } from '../../platform/db/schema';
import { authCookieAttributes, isSecureSite } from '../../platform/http/cookie-policy';
import { rotateXsrfToken, SESSION_COOKIE } from '../../platform/http/csrf';
import { bootstrapDataFor } from '../bootstrap/bootstrap.routes';
import { parseUserAgent } from '../sessions/user-agent';

/** Spec 9 "Remember me: a month". */
export const REMEMBER_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export function isSecureRequest(request: FastifyRequest): boolean {
  return isSecureSite(request.server.deps.env, request);
}

/**
 * Signs the user in on a brand-new session id (the old one, if any, is dropped: no fixation).
 * Without `remember` the cookie is a browser-session cookie.
 */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  options: { remember: boolean },
) {
  const { db } = request.server.deps;
  const previous = request.cookies[SESSION_COOKIE];
  if (previous) await revokeSession(request.server.deps, hashToken(previous));

  const userAgent = request.headers['user-agent'] ?? null;
  const ttlMs = options.remember ? REMEMBER_TTL_MS : SESSION_TTL_MS;
  const { token, expiresAt } = await createSession(db, user.id, {
    ipAddress: request.ip,
    userAgent,
    device: parseUserAgent(userAgent),
    ttlMs,
  });
  const sessionId = hashToken(token);

  if (await request.server.services.settings.get('single_device_login')) {
    const ended = await revokeUserSessions(request.server.deps, user.id, sessionId);
    await request.server.services.realtime.endSessions(user.id, ended);
  }

  reply.setCookie(SESSION_COOKIE, token, {
    ...authCookieAttributes(request.server.deps.env, request),
    httpOnly: true,
    ...(options.remember ? { expires: expiresAt } : {}),
  });
  rotateXsrfToken(request, reply);
  request.user = await authRepository.loadAccess(db, user);
  request.authVia = 'session';
  request.sessionId = sessionId;
  return bootstrapDataFor(request, reply);
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, {
    ...authCookieAttributes(request.server.deps.env, request),
    httpOnly: true,
  });
}
