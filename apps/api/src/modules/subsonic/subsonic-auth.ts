import { createHash, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import * as authRepository from '../../platform/auth/auth.repository';
import type { AuthUser } from '../../platform/auth/auth-user';
import { hashToken } from '../../platform/auth/tokens';
import type { Database } from '../../platform/db/schema';
import type { Cache, RateLimitStore } from '../../platform/redis/services';
import { MINUTE_MS, throttle } from '../auth/throttle';
import { decryptSecret } from '../settings/settings-crypto';
import { signInByLogin, signInByToken, touchCredentials } from './subsonic-credentials.repository';
import type { SubsonicParams } from './subsonic-params';
import { SubsonicError } from './subsonic-response';

export type SubsonicAuthDeps = {
  db: Kysely<Database>;
  cache: Cache;
  rateLimitStore: RateLimitStore;
  appKey: string;
};

const WRONG = 'Wrong username or password';
const TOUCH_INTERVAL_MS = 60_000;

const wrong = (message = WRONG) => new SubsonicError('wrong_credentials', message);

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** `p` as sent: plain, or `enc:` followed by the hex of its UTF-8 bytes; malformed hex is error 40. */
export function decodePassword(raw: string): string {
  if (!raw.startsWith('enc:')) return raw;
  const hex = raw.slice(4);
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) throw wrong('Malformed enc: password');
  return Buffer.from(hex, 'hex').toString('utf8');
}

function passwordMatches(params: SubsonicParams, appPassword: string): boolean {
  const token = params.get('t');
  if (token) {
    const salt = params.required('s');
    const expected = createHash('md5')
      .update(appPassword + salt)
      .digest('hex');
    return sameText(token.toLowerCase(), expected);
  }
  return sameText(decodePassword(params.required('p')), appPassword);
}

/** The personal access token of `apiKey` (`<id>|<secret>` or the bare secret), or error 40. */
async function signInWithApiKey(db: Kysely<Database>, apiKey: string) {
  const secret = apiKey.includes('|') ? apiKey.slice(apiKey.indexOf('|') + 1) : apiKey;
  const found = secret ? await signInByToken(db, hashToken(secret)) : undefined;
  const now = new Date();
  if (!found || (found.token.expires_at && found.token.expires_at <= now)) throw wrong('Invalid API key');
  const { last_used_at } = found.token;
  if (!last_used_at || now.getTime() - last_used_at.getTime() > TOUCH_INTERVAL_MS) {
    await authRepository.touchToken(db, found.token.id, now);
  }
  return found;
}

/**
 * Who calls: `apiKey` (OpenSubsonic, the personal access tokens) or `u` with the app password
 * (`p`, or `t` = md5(password + `s`)). Failures count toward the login throttle under the
 * same keys as the web login; once over it, even the right password waits. Either way the
 * account, its Subsonic switch and its access come from one statement (read fresh on every
 * call, as the web reads them: a ban, a revoked token or password, a changed role apply at once).
 */
export async function authenticate(
  deps: SubsonicAuthDeps,
  params: SubsonicParams,
  ip: string,
): Promise<{ user: AuthUser; via: 'apiKey' | 'password' }> {
  const apiKey = params.get('apiKey');
  if (apiKey !== undefined) {
    if (params.has('u') || params.has('p') || params.has('t')) {
      throw new SubsonicError('generic', 'Use either apiKey or u with p or t and s, not both');
    }
    const { user, isEnabled } = await signInWithApiKey(deps.db, apiKey);
    if (user.banned_at) throw wrong('This account has been suspended');
    // The account's switch covers every way into /rest, not only the app password (no row: on).
    if (isEnabled === false) throw switchedOff();
    return { user, via: 'apiKey' };
  }
  const login = params.required('u');
  if (!params.has('t')) params.required('p');
  const found = await signInByLogin(deps.db, login);
  const user = found?.user;
  const throttleKey = (user?.email ?? login).toLowerCase();
  const lockKey = `subsonic:locked:${ip}:${throttleKey}`;
  if (await deps.cache.get(lockKey)) throw wrong('Too many attempts. Please try again later');
  const credentials = found?.credentials;
  let isValid = false;
  if (credentials?.app_password) {
    try {
      isValid = passwordMatches(params, decryptSecret(credentials.app_password, deps.appKey));
    } catch (error) {
      if (error instanceof SubsonicError) throw error;
      // Encrypted under another app key: as good as no password.
      isValid = false;
    }
  }
  if (!user || !isValid) {
    await countFailure(deps, lockKey, ip, throttleKey);
    throw wrong();
  }
  if (user.banned_at) throw wrong('This account has been suspended');
  if (!credentials?.is_enabled) throw switchedOff();
  const now = new Date();
  if (!credentials.last_used_at || now.getTime() - credentials.last_used_at.getTime() > TOUCH_INTERVAL_MS) {
    await touchCredentials(deps.db, user.id, now);
  }
  return { user, via: 'password' };
}

function switchedOff(): SubsonicError {
  return new SubsonicError('not_authorized', 'Subsonic apps are turned off for this account');
}

async function countFailure(deps: SubsonicAuthDeps, lockKey: string, ip: string, login: string) {
  try {
    await throttle(deps.rateLimitStore, [
      { key: `login:${ip}:${login}`, max: 10, windowMs: MINUTE_MS },
      { key: `login:${ip}`, max: 60, windowMs: MINUTE_MS },
    ]);
  } catch {
    await deps.cache.set(lockKey, 1, 60);
  }
}
