import { errorMessage, isHttpError } from '@cadence/http-client/http-error';
import { showErrorDialog } from './error-dialog';
import { toast } from './toast-store';

/**
 * Spec 8: a debug trace opens the full error dialog instead of a toast; otherwise the server
 * message (or first field error, or the generic text) goes into a danger toast. Cancelled
 * requests are ignored.
 */
export function reportError(error: unknown): void {
  if (isHttpError(error)) {
    if (error.isCancelled) return;
    if (error.debug) {
      void showErrorDialog(error.debug);
      return;
    }
  }
  toast.danger(errorMessage(error));
}
