import { isConnectionError } from '../../platform/http/connection-errors';

/**
 * What the admin reads on a failed run, and whether the job tries again by itself. The admin never
 * reads the database's own words (SQL, constraint names, a stack): the server log keeps them.
 */
export type TRunFailure = { transient: boolean; reason: string };

/** Each reason is a fixed sentence (the admin page translates it; localization-en lists them). */
export const FAILURE_REASONS = {
  connection:
    'The connection to the database was lost while the run was computed, again after retries. Retry the run once the database is reachable.',
  conflict:
    'The run kept conflicting with other changes to the same data, again after retries. Retry the run.',
  busy: 'The database was too busy to compute the run, again after retries. Retry the run later.',
  timeout:
    'The computation took longer than the database allows. The server log has the details; retry the run when the site is quiet.',
  data: 'The period’s figures could not be split (an amount is negative or not whole). The server log has the details.',
  unexpected: 'The computation failed unexpectedly. The server log has the details; retry the run.',
  interrupted:
    'The computation was interrupted 3 times (the server stopped while it ran). Recompute to try again.',
} as const;

const KNOWN = new Set<string>(Object.values(FAILURE_REASONS));

/**
 * The reason as the api answers it: a stored one that is not a known sentence (a run failed before
 * the reasons were fixed, when the database's text was stored) reads as the unexpected failure.
 */
export function readableFailure(stored: string | null): string | null {
  if (stored === null) return null;
  return KNOWN.has(stored) ? stored : FAILURE_REASONS.unexpected;
}

/** serialization_failure, deadlock_detected: the same work succeeds when tried again. */
const CONFLICT_CODES = new Set(['40001', '40P01']);
/** lock_not_available, too_many_connections: the database's state, not the run's fault. */
const BUSY_CODES = new Set(['55P03', '53300']);
/** query_canceled (the long-running connection's statement timeout): it would time out again. */
const TIMEOUT_CODES = new Set(['57014']);

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

export function classifyRunFailure(error: unknown): TRunFailure {
  const code = codeOf(error);
  if (code && CONFLICT_CODES.has(code)) return { transient: true, reason: FAILURE_REASONS.conflict };
  if (isConnectionError(error)) return { transient: true, reason: FAILURE_REASONS.connection };
  if (code && BUSY_CODES.has(code)) return { transient: true, reason: FAILURE_REASONS.busy };
  if (code && TIMEOUT_CODES.has(code)) return { transient: false, reason: FAILURE_REASONS.timeout };
  // computePeriod's own checks (payouts-run.ts): the inputs are wrong, trying again changes nothing.
  if (error instanceof RangeError) return { transient: false, reason: FAILURE_REASONS.data };
  return { transient: false, reason: FAILURE_REASONS.unexpected };
}

/** The job's waits before each retry of a transient failure: three tries in all. */
export const RETRY_DELAYS_MS: readonly number[] = [2_000, 10_000];
