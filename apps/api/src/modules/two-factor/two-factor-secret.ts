import type { UserRow } from '../../platform/db/schema';
import { decryptSecret, encryptSecret } from '../settings/settings-crypto';

/** The TOTP secret is encrypted at rest with the app key, like secret settings. */
export function sealSecret(secret: string, appKey: string): string {
  return encryptSecret(secret, appKey);
}

export function openSecret(user: Pick<UserRow, 'two_factor_secret'>, appKey: string): string | null {
  if (!user.two_factor_secret) return null;
  try {
    return decryptSecret(user.two_factor_secret, appKey);
  } catch {
    return null;
  }
}

export function recoveryHashes(user: Pick<UserRow, 'two_factor_recovery_codes'>): string[] {
  if (!user.two_factor_recovery_codes) return [];
  try {
    const parsed: unknown = JSON.parse(user.two_factor_recovery_codes);
    return Array.isArray(parsed) ? parsed.filter((value): value is string => typeof value === 'string') : [];
  } catch {
    return [];
  }
}
