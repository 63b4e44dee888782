import { isConnectionError } from '../../platform/http/connection-errors';
import { STORAGE_UNAVAILABLE_MESSAGE } from '../../platform/storage/storage-unavailable';

/** In the tus server's error shape (`status_code`, `body`), so its handler answers 503 with it. */
export class StorageUnavailableError extends Error {
  readonly status_code = 503;
  readonly body = `${STORAGE_UNAVAILABLE_MESSAGE}\n`;
  readonly code = 'ECONNREFUSED';

  constructor(cause?: unknown) {
    super(STORAGE_UNAVAILABLE_MESSAGE, { cause });
    this.name = 'StorageUnavailableError';
  }
}

/** The tus server's `onResponseError`: an unreachable store answers 503 instead of "Something went wrong". */
export function tusErrorAnswer(error: unknown): { status_code: number; body: string } | undefined {
  if (error instanceof StorageUnavailableError) return { status_code: 503, body: error.body };
  if ((error as { status_code?: unknown })?.status_code) return undefined;
  if (isConnectionError(error)) return { status_code: 503, body: `${STORAGE_UNAVAILABLE_MESSAGE}\n` };
  return undefined;
}
