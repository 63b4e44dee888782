import type { FastifyRequest } from 'fastify';
import type { Env } from '../../env';

type CookieEnv = Pick<Env, 'APP_URL' | 'SESSION_COOKIE_DOMAIN' | 'SESSION_COOKIE_SAME_SITE'>;

/**
 * Cookies are `Secure` whenever the site is served over https: an https `APP_URL` says so even
 * when the request reached us as http (a TLS-terminating proxy that sends no `X-Forwarded-Proto`,
 * or `TRUST_PROXY` off), where the request's own scheme would say otherwise.
 */
export function isSecureSite(env: Pick<Env, 'APP_URL'>, request: Pick<FastifyRequest, 'protocol'>): boolean {
  return env.APP_URL.startsWith('https:') || request.protocol === 'https';
}

/** The session and XSRF cookies' `Secure`: the only attribute the request (its scheme) may decide. */
export function isSecureCookie(env: CookieEnv, request: Pick<FastifyRequest, 'protocol'>): boolean {
  return env.SESSION_COOKIE_SAME_SITE === 'none' || isSecureSite(env, request);
}

/**
 * The attributes shared by the session and XSRF cookies. With the apps on other hosts of one
 * parent domain, `SESSION_COOKIE_DOMAIN` lets every app see them (the apps read the XSRF cookie);
 * `SameSite=None` (apps on another site) is only accepted by browsers with `Secure`.
 */
export function authCookieAttributes(env: CookieEnv, request: Pick<FastifyRequest, 'protocol'>) {
  return {
    path: '/',
    sameSite: env.SESSION_COOKIE_SAME_SITE,
    secure: isSecureCookie(env, request),
    ...(env.SESSION_COOKIE_DOMAIN ? { domain: env.SESSION_COOKIE_DOMAIN } : {}),
  };
}
