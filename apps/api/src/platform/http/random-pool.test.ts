import { describe, expect, it } from 'vitest';
import { randomText } from './random-pool';

describe('randomText', () => {
  it('hands out fresh bytes of the size asked, across pool refills', () => {
    const seen = new Set<string>();
    // 4 KiB a pool: 1,000 draws of 16 and 32 bytes refill it several times.
    for (let index = 0; index < 1_000; index++) {
      const nonce = randomText(16, 'base64');
      const token = randomText(32, 'base64url');
      expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
      expect(token).toMatch(/^[\w-]{43}$/);
      seen.add(nonce).add(token);
    }
    expect(seen.size).toBe(2_000);
  });

  it('refuses more than a pool holds', () => {
    expect(() => randomText(5_000, 'base64')).toThrow(RangeError);
  });
});
