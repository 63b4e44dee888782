import type { TDebugTrace } from '@cadence/contracts/errors';
import { lazy, Suspense } from 'react';
import { openDialog } from './modal-store';

// The dialog is react-aria; it loads only when a debug trace arrives, not with every page.
const ErrorDialog = lazy(() => import('./error-dialog-view'));

/** Opens the spec 2.3 full-screen error dialog for a server debug trace. */
export function showErrorDialog(trace: TDebugTrace): Promise<unknown> {
  return openDialog((close) => (
    <Suspense fallback={null}>
      <ErrorDialog trace={trace} onClose={() => close()} />
    </Suspense>
  ));
}
