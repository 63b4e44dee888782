import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maskEmail } from './mask-email';

describe('maskEmail (spec 2.2)', () => {
  it('keeps the first two characters of the local part, four asterisks and the domain', () => {
    expect(maskEmail('ada.lovelace@example.com')).toBe('ad****@example.com');
  });

  it('never shows more than the local part has', () => {
    expect(maskEmail('a@example.com')).toBe('a****@example.com');
  });

  it('shows a fixed row of asterisks when the email is unknown', () => {
    expect(maskEmail(null)).toBe('********');
    expect(maskEmail('')).toBe('********');
    expect(maskEmail('not-an-email')).toBe('********');
  });

  it('never reveals the local part past its second character', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 3 }).filter((s) => !s.includes('@')),
        fc.domain(),
        (local, domain) => {
          const masked = maskEmail(`${local}@${domain}`);
          return masked === `${local.slice(0, 2)}****@${domain}`;
        },
      ),
    );
  });
});
