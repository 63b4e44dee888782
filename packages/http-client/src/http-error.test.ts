import { GENERIC_ERROR_MESSAGE } from '@cadence/contracts/error-messages';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { errorMessage, firstFieldError, HttpError } from './http-error';

const message = fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() !== '');
const fieldErrors = fc.dictionary(
  fc.stringMatching(/^[a-z_]{1,10}$/),
  fc.oneof(message, fc.array(message, { minLength: 1, maxLength: 3 })),
);

describe('HttpError', () => {
  it('prefers the server message, then the first field error, then the generic text', () => {
    fc.assert(
      fc.property(fc.option(message, { nil: undefined }), fieldErrors, (serverMessage, errors) => {
        const error = new HttpError({ status: 422, message: serverMessage, errors });
        const first = Object.values(errors)[0];
        const firstText = typeof first === 'string' ? first : first?.[0];
        expect(error.message).toBe(serverMessage ?? firstText ?? GENERIC_ERROR_MESSAGE);
      }),
    );
  });

  it('keeps the first message of every field', () => {
    fc.assert(
      fc.property(fieldErrors, (errors) => {
        const error = new HttpError({ status: 422, errors });
        expect(Object.keys(error.fieldErrors)).toEqual(Object.keys(errors));
        for (const [field, value] of Object.entries(errors)) {
          expect(error.fieldErrors[field]).toBe(typeof value === 'string' ? value : value[0]);
        }
      }),
    );
  });

  it('treats a blank server message and an empty errors object as generic', () => {
    const error = new HttpError({ status: 422, message: '  ', errors: {} });
    expect(error.message).toBe(GENERIC_ERROR_MESSAGE);
    expect(error.hasFieldErrors).toBe(false);
    expect(firstFieldError(error)).toBeNull();
  });
});

describe('errorMessage and firstFieldError', () => {
  it('gives the generic message for anything that is not an HttpError', () => {
    expect(errorMessage(new Error('internal detail'))).toBe(GENERIC_ERROR_MESSAGE);
    expect(errorMessage('x')).toBe(GENERIC_ERROR_MESSAGE);
    expect(firstFieldError(new Error('x'))).toBeNull();
  });

  it('reads the first field error', () => {
    const error = new HttpError({ status: 422, errors: { code: ['Invalid code'], other: 'x' } });
    expect(firstFieldError(error)).toEqual({ field: 'code', message: 'Invalid code' });
    expect(errorMessage(error)).toBe('Invalid code');
  });
});
