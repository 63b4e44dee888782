import { isHttpError } from '@cadence/http-client/http-error';
import { TransportError } from '../send-blob';

/** Aborted by us or the user: never reported (spec 8 "a cancelled request is ignored"). */
export function isCancelledError(error: unknown): boolean {
  if (isHttpError(error)) return error.isCancelled;
  if (error instanceof TransportError) return error.isCancelled;
  return error instanceof DOMException && error.name === 'AbortError';
}

/** The server's message when there was one; null lets the queue fall back to generic text. */
export function serverMessage(error: unknown): string | null {
  if (isHttpError(error) && error.status > 0) return error.message;
  return null;
}
