import type { TDebugTrace, TFieldErrors } from '@cadence/contracts/errors';
import { isPlainObject } from './build-request';

// Hand-written twins of the contract's ZFieldErrorsSchema and ZDebugTraceSchema (error-body.test.ts
// holds them to the same answers): every app's first download includes this client, and zod is ~90 KB.

const isString = (value: unknown): value is string => typeof value === 'string';
const isOptional = (value: unknown, check: (value: unknown) => boolean) =>
  value === undefined || check(value);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * Spec 3 "Validation errors from the server": field name -> message or list of messages. An own
 * `__proto__` key (JSON.parse makes one) is passed over, as zod's record passes over it.
 */
export function isFieldErrors(value: unknown): value is TFieldErrors {
  return (
    isPlainObject(value) &&
    Object.entries(value).every(
      ([field, messages]) =>
        field === '__proto__' || isString(messages) || (Array.isArray(messages) && messages.every(isString)),
    )
  );
}

function isTraceFrame(value: unknown): boolean {
  return (
    isPlainObject(value) &&
    isString(value.file) &&
    isOptional(value.line, isNumber) &&
    isOptional(value.column, isNumber) &&
    isOptional(value.function, isString) &&
    typeof value.vendor === 'boolean'
  );
}

function isSnippet(value: unknown): boolean {
  return (
    isPlainObject(value) &&
    isNumber(value.startLine) &&
    isNumber(value.highlightLine) &&
    Array.isArray(value.lines) &&
    value.lines.every(isString)
  );
}

/** The debug-mode payload (spec 2.3 full-screen error dialog). */
export function isDebugTrace(value: unknown): value is TDebugTrace {
  return (
    isPlainObject(value) &&
    isString(value.exception) &&
    isString(value.message) &&
    isOptional(value.file, isString) &&
    isOptional(value.line, isNumber) &&
    Array.isArray(value.trace) &&
    value.trace.every(isTraceFrame) &&
    isOptional(value.snippet, isSnippet)
  );
}
