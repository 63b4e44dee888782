import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../http/app-error';
import { SESSION_COOKIE } from '../http/csrf';
import { createStampedMemo } from '../redis/stamped-memo';
import * as authRepository from './auth.repository';
import type { AuthUser, GuestRole } from './auth-user';
import { type CachedSession, cacheSession, readCachedSession, sessionCacheKey } from './session-cache';
import { hashToken } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    authVia: 'session' | 'token' | null;
    sessionId: string | null;
    /** The personal access token's id when `authVia` is 'token'. */
    accessTokenId: number | null;
    /** The guest role, loaded on first use and kept per cache generation; frozen (shared between requests). */
    guestRole: () => Promise<GuestRole | null>;
  }
  interface FastifyInstance {
    /** `request.guestRole`, for an answer given before Fastify builds a request (front-door.ts). */
    guestRole: () => Promise<GuestRole | null>;
  }
}

const TOUCH_INTERVAL_MS = 60_000;
/** Delete this cache key after changing the guest role or its permissions: every process reloads it. */
export const GUEST_ROLE_CACHE_KEY = 'auth:guest-role';
/** Paths a banned user may still reach: enough to see the suspended screen and log out. */
const BANNED_ALLOWED = new Set(['/api/v1/bootstrap-data', '/auth/logout']);
const SKIPPED_PREFIXES = [
  '/assets/',
  '/admin/assets/',
  '/backstage/assets/',
  '/health',
  '/ready',
  '/api-docs',
];

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const value = header.slice(7).trim();
  // Plain text tokens look like `<id>|<secret>`; only the secret is hashed.
  const secret = value.includes('|') ? value.slice(value.indexOf('|') + 1) : value;
  return secret || null;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

function isApiPath(path: string): boolean {
  return path.startsWith('/api/') || path.startsWith('/auth/') || path.startsWith('/secure/');
}

export const authPlugin = fp(
  async (app: FastifyInstance) => {
    const { db, cache } = app.deps;
    app.decorateRequest('user', null);
    app.decorateRequest('authVia', null);
    app.decorateRequest('sessionId', null);
    app.decorateRequest('accessTokenId', null);
    // Guest requests are the hot path (every first page load): no query and no parse per request.
    const guestRole = createStampedMemo({
      cache,
      key: GUEST_ROLE_CACHE_KEY,
      ttlSeconds: 300,
      load: async () => deepFreeze(await authRepository.findGuestRole(db)),
    });
    app.decorateRequest('guestRole', guestRole.get);
    app.decorate('guestRole', guestRole.get);

    /** The session -> user mapping, from the shared cache when warm (one PostgreSQL read saved per request). */
    async function findSession(sessionId: string): Promise<CachedSession | undefined> {
      const cached = await readCachedSession(cache, sessionId);
      if (cached === 'revoked') return;
      if (cached) return cached;
      const row = await authRepository.findSession(db, sessionId);
      if (!row) return;
      const session = {
        userId: row.user_id,
        expiresAt: row.expires_at.getTime(),
        lastActive: row.last_active.getTime(),
      };
      await cacheSession(cache, sessionId, session);
      return session;
    }

    async function resolveSession(request: FastifyRequest, token: string) {
      const sessionId = hashToken(token);
      const session = await findSession(sessionId);
      const now = Date.now();
      if (!session || session.expiresAt <= now) return;
      const user = await authRepository.findUserWithAccess(db, session.userId);
      if (!user) return;
      request.user = user;
      request.authVia = 'session';
      request.sessionId = sessionId;
      if (now - session.lastActive > TOUCH_INTERVAL_MS) {
        await authRepository.touchSession(db, sessionId, new Date(now));
        // Dropped, not overwritten: an overwrite could replace a revocation made meanwhile, while
        // a drop only costs the next request one read of the row (with its new last_active).
        await cache.delete(sessionCacheKey(sessionId));
      }
    }

    async function resolveToken(request: FastifyRequest, token: string) {
      const found = await authRepository.findTokenUserWithAccess(db, hashToken(token));
      const now = new Date();
      if (!found || (found.token.expires_at && found.token.expires_at <= now)) {
        throw new AppError('unauthenticated');
      }
      const { user, token: used } = found;
      request.user = user;
      request.authVia = 'token';
      request.accessTokenId = used.id;
      if (!used.last_used_at || now.getTime() - used.last_used_at.getTime() > TOUCH_INTERVAL_MS) {
        await authRepository.touchToken(db, used.id, now);
      }
    }

    function checkBanned(request: FastifyRequest, path: string) {
      if (request.user?.banned_at && isApiPath(path) && !BANNED_ALLOWED.has(path)) {
        throw new AppError('forbidden', 'This account has been suspended.');
      }
    }

    // A callback hook, not an async one: a guest (no bearer, no session cookie) is every request's
    // common case and costs no promise and no extra turn of the microtask queue.
    app.addHook('onRequest', (request, _reply, done) => {
      const path = request.url.split('?', 1)[0] ?? '/';
      if (SKIPPED_PREFIXES.some((prefix) => path.startsWith(prefix))) return done();
      const bearer = bearerToken(request);
      const cookie = bearer ? undefined : request.cookies[SESSION_COOKIE];
      if (!bearer && !cookie) return done();
      (bearer ? resolveToken(request, bearer) : resolveSession(request, cookie as string))
        .then(() => checkBanned(request, path))
        .then(() => done(), done);
    });
  },
  { name: 'auth', dependencies: ['@fastify/cookie'] },
);
