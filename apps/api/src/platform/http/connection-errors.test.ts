import { describe, expect, it } from 'vitest';
import { isConnectionError, isDatabaseBusyError } from './connection-errors';

describe('dependency failures that answer 503', () => {
  it('knows a lost connection, directly or as the cause of another error', () => {
    expect(isConnectionError(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(
      true,
    );
    expect(
      isConnectionError(new Error('wrapped', { cause: new Error('Connection terminated unexpectedly') })),
    ).toBe(true);
    expect(isConnectionError(new Error('duplicate key value'))).toBe(false);
  });

  it('knows a statement cancelled by statement_timeout or a lock wait', () => {
    const timeout = Object.assign(new Error('canceling statement due to statement timeout'), {
      code: '57014',
    });
    expect(isDatabaseBusyError(timeout)).toBe(true);
    expect(isDatabaseBusyError(Object.assign(new Error('lock'), { code: '55P03' }))).toBe(true);
    expect(isDatabaseBusyError(new Error('Query read timeout'))).toBe(true);
    expect(isDatabaseBusyError(Object.assign(new Error('unique violation'), { code: '23505' }))).toBe(false);
  });
});
