import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

const PERIOD = 30;
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

export function generateTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function totpFor(secret: string, label = 'account', issuer = 'Cadence'): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

/**
 * The time step the code belongs to (within one step of clock drift), or null. Callers store
 * the step and refuse any step at or below it, so a code cannot be replayed.
 */
export function matchTotpStep(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(secret).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  return Math.floor(now / 1000 / PERIOD) + delta;
}

/** 21 characters (spec 9), two groups of ten around a dash, from an unambiguous alphabet. */
export function generateRecoveryCode(): string {
  const chars = Array.from({ length: 20 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return `${chars.slice(0, 10).join('')}-${chars.slice(10).join('')}`;
}

export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

/** Returns the stored hashes without the one matching `code`, or null when none matches (constant time per entry). */
export function consumeRecoveryCode(hashes: string[], code: string): string[] | null {
  const candidate = Buffer.from(hashRecoveryCode(code), 'hex');
  let matchIndex = -1;
  hashes.forEach((hash, index) => {
    const stored = Buffer.from(hash, 'hex');
    if (stored.length === candidate.length && timingSafeEqual(stored, candidate) && matchIndex === -1) {
      matchIndex = index;
    }
  });
  return matchIndex === -1 ? null : hashes.filter((_, index) => index !== matchIndex);
}
