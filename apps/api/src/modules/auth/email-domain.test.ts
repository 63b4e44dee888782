import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isBlacklistedEmail } from './email-domain';

describe('isBlacklistedEmail', () => {
  it('matches listed domains and their subdomains, case-insensitively, ignoring spaces and @', () => {
    expect(isBlacklistedEmail('a@Spam.TEST', ' spam.test ,other.test')).toBe(true);
    expect(isBlacklistedEmail('a@mail.spam.test', '@spam.test')).toBe(true);
    expect(isBlacklistedEmail('a@notspam.test', 'spam.test')).toBe(false);
    expect(isBlacklistedEmail('a@example.com', '')).toBe(false);
  });

  it('an empty list never blocks; a listed domain always blocks itself', () => {
    const label = fc.stringMatching(/^[a-z0-9]{1,10}$/);
    fc.assert(
      fc.property(label, label, (local, domain) => {
        expect(isBlacklistedEmail(`${local}@${domain}.test`, '')).toBe(false);
        expect(isBlacklistedEmail(`${local}@${domain}.test`, `x.test, ${domain}.test`)).toBe(true);
      }),
    );
  });
});
