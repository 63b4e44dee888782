import { isPlainObject } from './build-request';
import { isDebugTrace, isFieldErrors } from './error-body';
import { HttpError } from './http-error';

export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  const isJson = response.headers.get('Content-Type')?.includes('json') ?? false;
  if (!isJson) return response.ok ? text : null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Each envelope part is read on its own so one malformed part does not hide the others. */
export function toHttpError(status: number, data: unknown): HttpError {
  if (!isPlainObject(data)) return new HttpError({ status });
  const message = typeof data.message === 'string' ? data.message : null;
  return new HttpError({
    status,
    message,
    errors: isFieldErrors(data.errors) ? data.errors : null,
    debug: isDebugTrace(data.debug) ? data.debug : null,
  });
}

export function toTransportError(error: unknown): HttpError {
  const isAbort =
    typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError';
  return new HttpError({ status: 0, isCancelled: isAbort, cause: error });
}
