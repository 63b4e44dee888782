import fc from 'fast-check';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import {
  consumeRecoveryCode,
  generateRecoveryCode,
  generateTotpSecret,
  hashRecoveryCode,
  matchTotpStep,
} from './totp';

describe('totp', () => {
  it('accepts codes within one step of drift and reports their step', () => {
    const secret = generateTotpSecret();
    const totp = new TOTP({ secret: Secret.fromBase32(secret) });
    fc.assert(
      fc.property(
        fc.integer({ min: 1_700_000_000_000, max: 1_900_000_000_000 }),
        fc.integer({ min: -1, max: 1 }),
        (now, drift) => {
          const code = totp.generate({ timestamp: now + drift * 30_000 });
          const step = matchTotpStep(secret, code, now);
          expect(step).not.toBeNull();
        },
      ),
      { numRuns: 50 },
    );
    expect(matchTotpStep(secret, 'abcdef')).toBeNull();
  });

  it('recovery codes are 21 characters and each one is consumed once', () => {
    const codes = Array.from({ length: 8 }, generateRecoveryCode);
    expect(codes.every((code) => /^[A-Za-z0-9]{10}-[A-Za-z0-9]{10}$/.test(code))).toBe(true);
    const hashes = codes.map(hashRecoveryCode);
    const remaining = consumeRecoveryCode(hashes, codes[3] ?? '');
    expect(remaining).toHaveLength(7);
    expect(consumeRecoveryCode(remaining ?? [], codes[3] ?? '')).toBeNull();
    expect(consumeRecoveryCode(hashes, 'x'.repeat(21))).toBeNull();
  });
});
