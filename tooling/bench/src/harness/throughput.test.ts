import { describe, expect, it } from 'vitest';
import { describeErrors } from './throughput';

describe('describeErrors', () => {
  it('names the kinds of socket error that happened', () => {
    expect(describeErrors({ errors: 50, errorKinds: { connect: 0, read: 0, write: 0, timeout: 50 } })).toBe(
      '50 socket errors (timeout 50)',
    );
    expect(describeErrors({ errors: 3, errorKinds: { socket: 1, timeout: 2 } })).toBe(
      '3 socket errors (socket 1, timeout 2)',
    );
  });

  it('says only the count when no kind is known', () => {
    expect(describeErrors({ errors: 0 })).toBe('0 socket errors');
    expect(describeErrors({ errors: 2, errorKinds: {} })).toBe('2 socket errors');
  });
});
