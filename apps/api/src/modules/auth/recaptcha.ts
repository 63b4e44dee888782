import type { FastifyRequest } from 'fastify';
import { hashToken } from '../../platform/auth/tokens';
import { XSRF_COOKIE } from '../../platform/http/csrf';

export const GOOGLE_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
const PASSED_TTL_SECONDS = 300;
/** reCAPTCHA v3 scores below this are treated as bots. */
const MIN_SCORE = 0.5;

/**
 * Asks the verification endpoint about a client token. `RECAPTCHA_VERIFY_URL` (env, tests only)
 * points it at a local peer; with no secret configured there is nothing to verify against.
 */
export async function verifyRecaptchaToken(request: FastifyRequest, token: string): Promise<boolean> {
  const secret = await request.server.services.settings.get('recaptcha.secret_key');
  if (!secret) return true;
  const endpoint = request.server.deps.env.RECAPTCHA_VERIFY_URL ?? GOOGLE_VERIFY_URL;
  try {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret: String(secret), response: token, remoteip: request.ip }),
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) return false;
    const body = (await response.json()) as { success?: boolean; score?: number };
    return body.success === true && (body.score === undefined || body.score >= MIN_SCORE);
  } catch {
    return false;
  }
}

/** A pass is remembered for this browser (its XSRF cookie) so the register call that follows needs no token. */
function passKey(request: FastifyRequest): string | null {
  const xsrf = request.cookies[XSRF_COOKIE];
  return xsrf ? `recaptcha:passed:${hashToken(xsrf)}` : null;
}

export async function rememberRecaptchaPass(request: FastifyRequest): Promise<void> {
  const key = passKey(request);
  if (key) await request.server.deps.cache.set(key, true, PASSED_TTL_SECONDS);
}

/** True once per pass: the remembered pass is consumed. */
export async function consumeRecaptchaPass(request: FastifyRequest): Promise<boolean> {
  const key = passKey(request);
  if (!key) return false;
  const passed = await request.server.deps.cache.get<boolean>(key);
  if (passed) await request.server.deps.cache.delete(key);
  return passed === true;
}
