import type { FastifyRequest } from 'fastify';
import type { Env } from '../../env';

type CookieEnv = Pick<Env, 'SESSION_COOKIE_DOMAIN' | 'SESSION_COOKIE_SAME_SITE'>;

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
    secure: sameSite === 'none' || request.protocol === 'https',
    ...(env.SESSION_COOKIE_DOMAIN ? { domain: env.SESSION_COOKIE_DOMAIN } : {}),
  };
}
