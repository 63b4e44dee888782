import type { TFieldErrors } from '@cadence/contracts/errors';
import { AppError } from './app-error';

/**
 * Failures that only client input can cause but that surface below the route's own validation:
 * PostgreSQL rejecting a value (an id past int4, a NUL byte, a duplicate) and a multipart body the
 * parser cannot read. They are the client's fault, so they answer 4xx, never 500.
 */

type DatabaseErrorShape = { code?: unknown; detail?: unknown; column?: unknown; cause?: unknown };

const DATA_MESSAGES: Record<string, string> = {
  '22001': 'A value is too long.',
  '22003': 'A number is out of range.',
  '22P02': 'A value has an invalid format.',
  '22007': 'A date has an invalid format.',
  '22008': 'A date is out of range.',
  '22021': 'A value contains characters that are not allowed.',
  '22P05': 'A value contains characters that are not allowed.',
  '2201B': 'A pattern is not valid.',
  '22025': 'A pattern is not valid.',
};

/** `Key (email)=(x) already exists.` / `Key (artist_id)=(9) is not present in table "artists".` */
function columnsOf(detail: unknown): string[] {
  if (typeof detail !== 'string') return [];
  const columns = /^Key \((.+?)\)=\(/.exec(detail)?.[1];
  if (!columns) return [];
  return columns.split(',').map((column) =>
    column
      .trim()
      .replace(/^"|"$/g, '')
      .replace(/^lower\((.*)\)$/, '$1'),
  );
}

function fieldErrors(columns: string[], message: string): TFieldErrors | undefined {
  if (columns.length === 0) return undefined;
  return Object.fromEntries(columns.map((column) => [column, message]));
}

function postgresCode(error: unknown, depth = 0): DatabaseErrorShape | null {
  if (!error || typeof error !== 'object' || depth > 3) return null;
  const shape = error as DatabaseErrorShape;
  // SQLSTATE: five characters, digits and upper-case letters (pg and PGlite both set `code`).
  if (typeof shape.code === 'string' && /^[0-9A-Z]{5}$/.test(shape.code)) return shape;
  return postgresCode(shape.cause, depth + 1);
}

/** The 4xx a PostgreSQL error caused by input deserves, or null for a real server fault. */
export function databaseInputError(error: unknown): AppError | null {
  const shape = postgresCode(error);
  if (!shape) return null;
  const code = shape.code as string;
  const columns = columnsOf(shape.detail);
  if (code === '23505') {
    const message = 'This value is already taken.';
    return new AppError('conflict', message, fieldErrors(columns, message));
  }
  if (code === '23503') {
    const isStillReferenced = typeof shape.detail === 'string' && shape.detail.includes('still referenced');
    if (isStillReferenced) return new AppError('conflict', 'This item is still in use.');
    const message = 'The selected item does not exist.';
    return new AppError('validation', message, fieldErrors(columns, message));
  }
  if (code === '23502') {
    const message = 'A required value is missing.';
    const column = typeof shape.column === 'string' ? [shape.column] : [];
    return new AppError('validation', message, fieldErrors(column, message));
  }
  if (code === '23514') return new AppError('validation', 'A value is not allowed.');
  if (code.startsWith('22'))
    return new AppError('validation', DATA_MESSAGES[code] ?? 'The given data was invalid.');
  // program_limit_exceeded (e.g. an index row too large for a huge string) and statement_too_complex.
  if (code === '54000' || code === '54001') return new AppError('validation', 'A value is too large.');
  return null;
}

// busboy's own messages: it throws plain errors without a status code.
const MULTIPART_MESSAGES = [
  /^Unexpected end of (multipart data|form)$/,
  /^Multipart: Boundary not found$/,
  /^Malformed part header$/,
  /^Malformed urlencoded form$/,
];

/** A 400 for a multipart body the parser could not read. */
export function multipartInputError(error: unknown): AppError | null {
  if (!(error instanceof Error) || (error as { statusCode?: unknown }).statusCode !== undefined) return null;
  if (!MULTIPART_MESSAGES.some((pattern) => pattern.test(error.message))) return null;
  return new AppError('bad_request', 'The multipart body is malformed.');
}
