import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateForm } from './field-rules';

describe('validateForm (spec 5)', () => {
  it('requires non-blank text and ticked required checkboxes', () => {
    expect(
      validateForm(
        { email: '  ', terms: false },
        { email: { isRequired: true }, terms: { isRequired: true } },
      ),
    ).toEqual({
      email: 'This field is required.',
      terms: 'This field is required.',
    });
    expect(
      validateForm(
        { email: 'a@b.co', terms: true },
        { email: { isRequired: true }, terms: { isRequired: true } },
      ),
    ).toEqual({});
  });

  it('checks the email shape', () => {
    expect(validateForm({ email: 'nope' }, { email: { isEmail: true } })).toEqual({
      email: 'Enter a valid email address.',
    });
    expect(validateForm({ email: 'ada@example.com' }, { email: { isEmail: true } })).toEqual({});
  });

  it('accepts exactly N characters and nothing else', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 30 }).filter((s) => s.trim() === s && s !== ''),
        fc.integer({ min: 1, max: 25 }),
        (value, length) => {
          const errors = validateForm({ code: value }, { code: { exactLength: length } });
          expect('code' in errors).toBe(value.length !== length);
        },
      ),
    );
  });

  it('verification code: numeric and at most 6', () => {
    const rules = { code: { isRequired: true, isNumeric: true, maxLength: 6 } };
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{1,10}$/), (digits) => {
        expect('code' in validateForm({ code: digits }, rules)).toBe(digits.length > 6);
      }),
    );
    expect(validateForm({ code: '12a4' }, rules)).toEqual({ code: 'Only numbers are allowed.' });
  });

  it('compares a confirmation with its field', () => {
    const rules = { password_confirmation: { sameAs: 'password' } };
    expect(validateForm({ password: 'secret123', password_confirmation: 'secret124' }, rules)).toEqual({
      password_confirmation: 'The passwords do not match.',
    });
    expect(validateForm({ password: 'secret123', password_confirmation: 'secret123' }, rules)).toEqual({});
  });
});
