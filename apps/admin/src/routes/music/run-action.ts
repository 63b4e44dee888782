import { confirmAction, type TConfirmOptions } from '@cadence/admin-kit/confirm-dialog';
import { adminListKey } from '@cadence/admin-kit/use-admin-list';
import { toast } from '@cadence/app-shell/toast-store';
import { isHttpError } from '@cadence/http-client/http-error';
import type { QueryClient } from '@tanstack/react-query';

/** A row's action: optional confirmation, the api call, a toast, the list reloaded. */
export async function runRowAction(options: {
  endpoint: string;
  queryClient: QueryClient;
  call: () => Promise<unknown>;
  done: string;
  failed: string;
  confirm?: TConfirmOptions;
}): Promise<void> {
  if (options.confirm && !(await confirmAction(options.confirm))) return;
  try {
    await options.call();
    toast.positive(options.done);
    await options.queryClient.invalidateQueries({ queryKey: adminListKey(options.endpoint) });
  } catch (error) {
    toast.danger(isHttpError(error) ? error.message : options.failed);
  }
}
