import { GENERIC_ERROR_MESSAGE } from '@cadence/contracts/error-messages';
import type { TDebugTrace, TFieldErrors } from '@cadence/contracts/errors';

export interface THttpErrorInit {
  status: number;
  message?: string | null;
  errors?: TFieldErrors | null;
  debug?: TDebugTrace | null;
  isCancelled?: boolean;
  cause?: unknown;
}

/**
 * Every failed request surfaces as one of these (spec 8). `status` is 0 when no response
 * arrived (network failure or cancellation).
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly status: number;
  /** The server's errors object as sent (a field may carry several messages). */
  readonly errors: TFieldErrors;
  /** First message per field: what a form shows beside the field. */
  readonly fieldErrors: Record<string, string>;
  /** Present only in debug mode; the apps open the full error dialog instead of a toast. */
  readonly debug: TDebugTrace | null;
  /** Aborted by the caller (AbortError): callers ignore it rather than report it. */
  readonly isCancelled: boolean;

  constructor(init: THttpErrorInit) {
    const fieldErrors = firstMessages(init.errors ?? {});
    super(pickMessage(init.message, fieldErrors), { cause: init.cause });
    this.status = init.status;
    this.errors = init.errors ?? {};
    this.fieldErrors = fieldErrors;
    this.debug = init.debug ?? null;
    this.isCancelled = init.isCancelled ?? false;
  }

  get hasFieldErrors(): boolean {
    return Object.keys(this.fieldErrors).length > 0;
  }
}

export function isHttpError(value: unknown): value is HttpError {
  return value instanceof HttpError;
}

function firstMessages(errors: TFieldErrors): Record<string, string> {
  const entries = Object.entries(errors).map(([field, messages]) => {
    const first = typeof messages === 'string' ? messages : messages.find((message) => message !== '');
    return [field, first] as const;
  });
  return Object.fromEntries(entries.filter((entry): entry is [string, string] => Boolean(entry[1])));
}

function pickMessage(serverMessage: string | null | undefined, fieldErrors: Record<string, string>): string {
  if (serverMessage?.trim()) return serverMessage;
  return Object.values(fieldErrors)[0] ?? GENERIC_ERROR_MESSAGE;
}

/** First field error of any error, or null; forms focus that field. */
export function firstFieldError(error: unknown): { field: string; message: string } | null {
  if (!isHttpError(error)) return null;
  const entry = Object.entries(error.fieldErrors)[0];
  return entry ? { field: entry[0], message: entry[1] } : null;
}

/** The text of the danger toast for any thrown value (spec 8 "Generic failure" otherwise). */
export function errorMessage(error: unknown): string {
  if (isHttpError(error)) return error.message;
  return GENERIC_ERROR_MESSAGE;
}
