import { AppError } from '../http/app-error';
import { isConnectionError } from '../http/connection-errors';

/** What an uploader reads when a disk (an S3 bucket) cannot be reached: nothing was kept, try again. */
export const STORAGE_UNAVAILABLE_MESSAGE = 'Storage is unavailable. Try again in a moment.';

/** Turns "the bucket cannot be reached" into a 503 with that message; other errors pass unchanged. */
export function storageUnavailableOr(error: unknown): unknown {
  return isConnectionError(error) ? new AppError('unavailable', STORAGE_UNAVAILABLE_MESSAGE) : error;
}
