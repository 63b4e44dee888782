import type { Env } from '../../../env';
import { providerFor } from '../../social/social-providers';
import { type NextValue, refuse, textOf } from './refuse';

const SERVICES = ['google', 'facebook', 'twitter', 'envato'] as const;
type Service = (typeof SERVICES)[number];
const LABELS: Record<Service, string> = {
  google: 'Google',
  facebook: 'Facebook',
  twitter: 'Twitter',
  envato: 'Envato',
};

export const socialKeys: ReadonlySet<string> = new Set([
  ...SERVICES.flatMap((service) => [`${service}_id`, `${service}_secret`]),
  'envato_personal_token',
]);

/**
 * Google's app is tried for real: its OpenID issuer must answer discovery, then its token
 * endpoint is asked to redeem a code that cannot exist with the new id and secret. A wrong
 * client answers `invalid_client` (401); a right one only a grant error.
 */
async function checkGoogle(id: string, secret: string, changed: ReadonlySet<string>, env: Env) {
  const field = changed.has('google_secret') ? 'google_secret' : 'google_id';
  let token: string;
  try {
    token = (await providerFor('google', env.GOOGLE_OIDC_ISSUER).endpoints()).token;
  } catch {
    refuse('social', 'google_id', 'Could not reach Google sign-in to check this app. Try again later.');
  }
  let status: number;
  let error: unknown;
  try {
    const response = await fetch(token, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: 'cadence-settings-check',
        redirect_uri: `${env.APP_URL}/secure/auth/social/google/callback`,
        client_id: id,
        client_secret: secret,
      }),
      signal: AbortSignal.timeout(10_000),
    });
    status = response.status;
    error = ((await response.json().catch(() => ({}))) as { error?: unknown }).error;
  } catch {
    refuse('social', field, 'Could not reach Google sign-in to check this app. Try again later.');
  }
  if (status === 401 || error === 'invalid_client' || error === 'unauthorized_client')
    refuse('social', field, 'Google refused this client id and secret.');
}

/**
 * New OAuth apps: an id needs its secret and a secret its id (each provider on its own); the
 * Google app is tried against its sign-in service, the others are checked by form only.
 */
export async function checkSocialSettings(
  next: NextValue,
  changed: ReadonlySet<string>,
  env: Env,
): Promise<void> {
  for (const service of SERVICES) {
    const idKey = `${service}_id`;
    const secretKey = `${service}_secret`;
    if (!changed.has(idKey) && !changed.has(secretKey)) continue;
    const id = textOf(next(idKey));
    const secret = textOf(next(secretKey));
    const label = LABELS[service];
    if (id && !secret)
      refuse('social', secretKey, `Enter the ${label} client secret that goes with this id.`);
    if (secret && !id) refuse('social', idKey, `Enter the ${label} client id that goes with this secret.`);
    if (id && /\s/.test(id)) refuse('social', idKey, `A ${label} client id has no spaces.`);
    if (service === 'google' && id && secret) await checkGoogle(id, secret, changed, env);
  }
}
