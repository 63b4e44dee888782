import type { Env } from '../../../env';
import { GOOGLE_VERIFY_URL } from '../../auth/recaptcha';
import { type NextValue, refuse, textOf } from './refuse';

export const recaptchaKeys: ReadonlySet<string> = new Set(['recaptcha.site_key', 'recaptcha.secret_key']);

const FIELD = 'recaptcha.secret_key';

/**
 * A new reCAPTCHA secret key is tried with the verification endpoint and a token that cannot be
 * valid: the provider answers `invalid-input-secret` for a wrong secret, and only a token error
 * for a right one. A site key without a secret (or the reverse) is refused.
 */
export async function checkRecaptchaSettings(
  next: NextValue,
  changed: ReadonlySet<string>,
  env: Env,
): Promise<void> {
  const siteKey = textOf(next('recaptcha.site_key'));
  const secret = textOf(next(FIELD));
  if (siteKey && !secret) refuse('recaptcha', FIELD, 'Enter the secret key that goes with this site key.');
  if (secret && !siteKey)
    refuse('recaptcha', 'recaptcha.site_key', 'Enter the site key that goes with this secret key.');
  if (!changed.has(FIELD) || !secret) return;
  let body: { success?: boolean; 'error-codes'?: string[] };
  try {
    const response = await fetch(env.RECAPTCHA_VERIFY_URL ?? GOOGLE_VERIFY_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret, response: 'cadence-settings-check' }),
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) throw new Error(`verification answered ${response.status}`);
    body = (await response.json()) as typeof body;
  } catch {
    refuse('recaptcha', FIELD, 'Could not reach the reCAPTCHA verification service. Try again later.');
  }
  if (body['error-codes']?.includes('invalid-input-secret'))
    refuse('recaptcha', FIELD, 'reCAPTCHA refused this secret key.');
}
