import { describe, expect, it } from 'vitest';
import { englishLines } from '../../seed/data/localization-en';
import { classifyRunFailure, FAILURE_REASONS, readableFailure } from './payouts-failure';

/** An error as the pg driver (or PGlite) throws it: a message and a SQLSTATE. */
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('classifyRunFailure', () => {
  it('retries what succeeds when tried again: serialization failures, deadlocks, lost connections', () => {
    expect(classifyRunFailure(pgError('40001', 'could not serialize access'))).toEqual({
      transient: true,
      reason: FAILURE_REASONS.conflict,
    });
    expect(classifyRunFailure(pgError('40P01', 'deadlock detected')).transient).toBe(true);
    expect(classifyRunFailure(new Error('Connection terminated unexpectedly'))).toEqual({
      transient: true,
      reason: FAILURE_REASONS.connection,
    });
    expect(classifyRunFailure(pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')).transient).toBe(
      true,
    );
    expect(
      classifyRunFailure(pgError('57P01', 'terminating connection due to administrator command')),
    ).toEqual({
      transient: true,
      reason: FAILURE_REASONS.connection,
    });
    expect(classifyRunFailure(pgError('55P03', 'could not obtain lock')).reason).toBe(FAILURE_REASONS.busy);
  });

  it('does not retry what would fail the same way: bad data, a timeout, any other error', () => {
    expect(classifyRunFailure(new RangeError('fees above the paid amount for user 7'))).toEqual({
      transient: false,
      reason: FAILURE_REASONS.data,
    });
    expect(classifyRunFailure(pgError('57014', 'canceling statement due to statement timeout'))).toEqual({
      transient: false,
      reason: FAILURE_REASONS.timeout,
    });
    expect(
      classifyRunFailure(
        pgError('23505', 'duplicate key value violates unique constraint "payout_run_lines_pkey"'),
      ),
    ).toEqual({ transient: false, reason: FAILURE_REASONS.unexpected });
    expect(classifyRunFailure('a string thrown').transient).toBe(false);
  });

  it('never tells the admin the database’s own words', () => {
    for (const reason of Object.values(FAILURE_REASONS)) {
      expect(reason).not.toMatch(/select|insert|update|constraint|duplicate key|at .*\.ts/i);
      expect(reason.length).toBeLessThanOrEqual(500);
      // The admin page translates it: each has its English line.
      expect(englishLines[reason]).toBe(reason);
    }
  });
});

describe('readableFailure', () => {
  it('answers a known reason as stored, and anything else (older raw text) as the unexpected failure', () => {
    expect(readableFailure(null)).toBeNull();
    expect(readableFailure(FAILURE_REASONS.conflict)).toBe(FAILURE_REASONS.conflict);
    expect(readableFailure('The computation failed: relation "plays" does not exist')).toBe(
      FAILURE_REASONS.unexpected,
    );
  });
});
