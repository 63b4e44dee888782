const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EAI_AGAIN',
  // PostgreSQL: admin_shutdown, crash_shutdown, cannot_connect_now, connection_failure.
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08003',
  '08006',
  '08001',
  '08004',
]);

const MESSAGE_PATTERNS = [
  /Stream isn't writeable/i,
  /Connection is closed/i,
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
  /Reached the max retries per request limit/i,
  /connect ECONNREFUSED/i,
  /Could not connect to Redis/i,
  /PGlite is closed/i,
];

/**
 * The database answered but could not do the work in time: a statement cancelled by
 * `statement_timeout` (blocked by a lock, say), a lock not available, or the driver's own read
 * timeout. Like an outage, it is the dependency's state, not the request's fault: 503.
 */
const BUSY_CODES = new Set(['57014', '55P03']);
const BUSY_PATTERNS = [/Query read timeout/i, /canceling statement due to statement timeout/i];

export function isDatabaseBusyError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && BUSY_CODES.has(code)) return true;
  return typeof message === 'string' && BUSY_PATTERNS.some((pattern) => pattern.test(message));
}

/** True when the database or Redis is unreachable: such failures answer 503, not 500. */
export function isConnectionError(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
  if (typeof message === 'string' && MESSAGE_PATTERNS.some((pattern) => pattern.test(message))) return true;
  if (Array.isArray(errors) && errors.some((inner) => isConnectionError(inner, depth + 1))) return true;
  return isConnectionError(cause, depth + 1);
}
