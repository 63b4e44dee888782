import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './app-error';
import { authCookieAttributes, isSecureCookie } from './cookie-policy';
import { randomText } from './random-pool';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
export const SESSION_COOKIE = 'cadence_session';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function isSameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const TOKEN_BYTES = 32;

function newToken(): string {
  return randomText(TOKEN_BYTES, 'base64url');
}

/** The browser's own token, when it holds one that looks like ours. */
function keptToken(cookies: Record<string, string | undefined>): string | undefined {
  const existing = cookies[XSRF_COOKIE];
  return existing && /^[\w-]{20,100}$/.test(existing) ? existing : undefined;
}

/** Sets the readable `XSRF-TOKEN` cookie when the browser does not have one yet; returns the token. */
export function issueXsrfToken(request: FastifyRequest, reply: FastifyReply): string {
  return keptToken(request.cookies) ?? rotateXsrfToken(request, reply);
}

type TSetCookieParts = [before: string, after: string];
/** Per app, for a `secure` and a plain cookie: the `Set-Cookie` value cut where the token goes. */
const setCookieParts = new WeakMap<object, { secure?: TSetCookieParts; plain?: TSetCookieParts }>();
const TOKEN_SLOT = 'xsrf-token-slot';

/**
 * `issueXsrfToken` for an answer written outside Fastify's reply (platform/http/early-answer.ts):
 * the token and, when it is new, the `Set-Cookie` value @fastify/cookie would have sent for it
 * (serialized once per attribute set with a slot for the token: a token is base64url, which the
 * cookie encoding leaves as it is; serializing per answer was ~2 % of a kept page's CPU).
 */
export function xsrfTokenFor(
  request: Pick<FastifyRequest, 'server' | 'protocol'>,
  cookies: Record<string, string | undefined>,
): { token: string; setCookie: string | null } {
  const existing = keptToken(cookies);
  if (existing) return { token: existing, setCookie: null };
  const token = newToken();
  const app = request.server;
  // The app's environment fixes every attribute but `secure` (the request's scheme may decide it).
  const key = isSecureCookie(app.deps.env, request) ? 'secure' : 'plain';
  let byAttributes = setCookieParts.get(app);
  if (!byAttributes) {
    byAttributes = {};
    setCookieParts.set(app, byAttributes);
  }
  let parts = byAttributes[key];
  if (!parts) {
    const attributes = { ...authCookieAttributes(app.deps.env, request), httpOnly: false };
    const text = app.serializeCookie(XSRF_COOKIE, TOKEN_SLOT, attributes);
    const at = text.indexOf(TOKEN_SLOT);
    parts = [text.slice(0, at), text.slice(at + TOKEN_SLOT.length)];
    byAttributes[key] = parts;
  }
  return { token, setCookie: parts[0] + token + parts[1] };
}

/**
 * A new `XSRF-TOKEN` whatever the browser holds: at login and logout, so a token read before the
 * session changed (by a script on a shared machine, or planted in the cookie) is worth nothing after.
 * The rest of this request (its bootstrap data) sees the new one.
 */
export function rotateXsrfToken(request: FastifyRequest, reply: FastifyReply): string {
  const token = newToken();
  reply.setCookie(XSRF_COOKIE, token, {
    ...authCookieAttributes(request.server.deps.env, request),
    httpOnly: false,
  });
  request.cookies[XSRF_COOKIE] = token;
  return token;
}

/**
 * Cookie-authenticated unsafe requests must come from our own origin (or one of the apps' origins
 * when they are deployed apart, `trustedOrigins`) and echo the XSRF cookie in
 * `X-XSRF-TOKEN` (double submit). Bearer-token clients cannot be forged by a browser and skip this.
 */
export const csrfPlugin = fp(
  async (app: FastifyInstance, options: { appUrl: string; trustedOrigins: string[] }) => {
    const allowed = new Set([new URL(options.appUrl).origin, ...options.trustedOrigins]);
    app.addHook('onRequest', (request, _reply, done) => {
      try {
        checkCsrf(request);
      } catch (error) {
        return done(error as Error);
      }
      done();
    });
    function checkCsrf(request: FastifyRequest) {
      if (SAFE_METHODS.has(request.method)) return;
      if (request.headers.authorization?.startsWith('Bearer ')) return;
      if (!request.cookies[SESSION_COOKIE]) return;
      const origin = request.headers.origin;
      if (origin && !allowed.has(origin) && origin !== `${request.protocol}://${request.host}`) {
        throw new AppError('forbidden', 'Cross-origin request refused.');
      }
      const cookie = request.cookies[XSRF_COOKIE];
      const header = request.headers[XSRF_HEADER];
      const sent = Array.isArray(header) ? header[0] : header;
      if (!cookie || !sent || !isSameToken(cookie, sent)) {
        throw new AppError('forbidden', 'CSRF token mismatch.');
      }
    }
  },
  { name: 'csrf', dependencies: ['@fastify/cookie'] },
);
