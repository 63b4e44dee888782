import { describe, expect, it } from 'vitest';
import { HIDDEN_ADDRESS, redactAddresses, redactText } from './address-redaction';

const reader = { canSeeAll: false, ownAddress: 'me@example.com' };

describe('address redaction', () => {
  it('hides every address but the reader’s own, as written or inside a URL', () => {
    expect(redactText('to ann.lee+x@mail.example.org, cc Me@Example.com', reader)).toBe(
      `to ${HIDDEN_ADDRESS}, cc Me@Example.com`,
    );
    expect(redactText('/reset?email=ann%40mail.example.org&x=1', reader)).toBe(
      `/reset?email=${HIDDEN_ADDRESS}&x=1`,
    );
    expect(redactText('/reset?email=me%40example.com', reader)).toBe('/reset?email=me%40example.com');
  });

  it('walks JSON values and leaves everything to a holder of users.update', () => {
    const value = {
      user: { id: 1, email: 'ann@example.net', tags: ['x', 'bob@example.net'] },
      n: 3,
      none: null,
    };
    expect(redactAddresses(value, reader)).toEqual({
      user: { id: 1, email: HIDDEN_ADDRESS, tags: ['x', HIDDEN_ADDRESS] },
      n: 3,
      none: null,
    });
    expect(redactAddresses(value, { canSeeAll: true, ownAddress: null })).toBe(value);
  });

  it('scans a long run without an address in linear time', () => {
    const started = Date.now();
    expect(redactText('a'.repeat(200_000), reader)).toHaveLength(200_000);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
