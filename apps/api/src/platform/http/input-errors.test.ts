import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toEnvelope } from './error-handler';
import { databaseInputError, multipartInputError } from './input-errors';

function pgError(code: string, extra: Record<string, unknown> = {}) {
  return Object.assign(new Error(`pg error ${code}`), { code, ...extra });
}

describe('databaseInputError', () => {
  it('answers 422 for every data exception (SQLSTATE class 22), with or without a wrapping cause', () => {
    const sqlState = fc.stringMatching(/^22[0-9A-Z]{3}$/);
    fc.assert(
      fc.property(sqlState, fc.boolean(), (code, isWrapped) => {
        const error = isWrapped ? new Error('query failed', { cause: pgError(code) }) : pgError(code);
        const { status, body, isServerFault } = toEnvelope(error);
        expect(status).toBe(422);
        expect(isServerFault).toBe(false);
        expect(typeof body.message).toBe('string');
      }),
    );
  });

  it('names the column of a unique violation and answers 409', () => {
    const error = pgError('23505', { detail: 'Key (lower(email))=(a@b.co) already exists.' });
    const { status, body } = toEnvelope(error);
    expect(status).toBe(409);
    expect(body.errors).toEqual({ email: 'This value is already taken.' });
  });

  it('tells a missing referenced row (422) from a row still in use (409)', () => {
    const missing = pgError('23503', { detail: 'Key (artist_id)=(9) is not present in table "artists".' });
    expect(toEnvelope(missing)).toMatchObject({
      status: 422,
      body: { errors: { artist_id: expect.any(String) } },
    });
    const inUse = pgError('23503', { detail: 'Key (id)=(1) is still referenced from table "tracks".' });
    expect(toEnvelope(inUse).status).toBe(409);
  });

  it('leaves server faults (a missing table, a syntax error, a deadlock) as 500', () => {
    for (const code of ['42P01', '42601', '40P01', 'XX000']) {
      expect(databaseInputError(pgError(code))).toBeNull();
      expect(toEnvelope(pgError(code)).status).toBe(500);
    }
  });

  it('ignores codes that are not SQLSTATEs (Node system errors)', () => {
    expect(databaseInputError(Object.assign(new Error('x'), { code: 'ENOENT' }))).toBeNull();
  });
});

describe('multipartInputError', () => {
  it("answers 400 for busboy's parse errors only", () => {
    expect(toEnvelope(new Error('Unexpected end of multipart data')).status).toBe(400);
    expect(toEnvelope(new Error('Multipart: Boundary not found')).status).toBe(400);
    expect(multipartInputError(new Error('Unexpected end of multipart data, really'))).toBeNull();
    expect(
      multipartInputError(Object.assign(new Error('Malformed part header'), { statusCode: 413 })),
    ).toBeNull();
  });
});
