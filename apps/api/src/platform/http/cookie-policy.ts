import type { FastifyRequest } from 'fastify';
import type { Env } from '../../env';

type CookieEnv = Pick<Env, 'APP_URL' | 'SESSION_COOKIE_DOMAIN' | 'SESSION_COOKIE_SAME_SITE'>;

/**
 * Cookies are `Secure` whenever the site is served over https: an https `APP_URL` says so even
 * when the request reached us as http (a TLS-terminating proxy that sends no `X-Forwarded-Proto`,
 * or `TRUST_PROXY` off), where the request's own scheme would say otherwise.
 */
export function isSecureSite(env: Pick<Env, 'APP_URL'>, request: FastifyRequest): boolean {
  return env.APP_URL.startsWith('https:') || request.protocol === 'https';
}

/**
 * The attributes shared by the session and XSRF cookies. With the apps on other hosts of one
 * parent domain, `SESSION_COOKIE_DOMAIN` lets every app see them (the apps read the XSRF cookie);
 * `SameSite=None` (apps on another site) is only accepted by browsers with `Secure`.
 */
export function authCookieAttributes(env: CookieEnv, request: FastifyRequest) {
  const sameSite = env.SESSION_COOKIE_SAME_SITE;
  return {
    path: '/',
    sameSite,
    secure: sameSite === 'none' || isSecureSite(env, request),
    ...(env.SESSION_COOKIE_DOMAIN ? { domain: env.SESSION_COOKIE_DOMAIN } : {}),
  };
}
