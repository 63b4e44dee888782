import { toast } from '@cadence/app-shell/toast-store';
import { apiClient } from '@cadence/http-client/http-client';
import { isHttpError } from '@cadence/http-client/http-error';
import type { QueryClient } from '@tanstack/react-query';
import { confirmAction } from '../dialogs/confirm-dialog';
import { adminListKey } from './use-admin-list';

export type TBulkDeleteTexts = {
  /** A plural line: "{count, plural, one {Delete # user?} other {Delete # users?}}" (count: the number selected). */
  title: string;
  body: string;
  confirm: string;
  /** e.g. "{count, plural, one {Deleted # user} other {Deleted # users}}". */
  done: string;
};

type Translate = (key: string, values?: Record<string, string>) => string;

/**
 * The admin convention's bulk delete: confirm with the count, `DELETE api/v1/{endpoint}` with
 * `{ids}`, a toast, the list reloading. Answers whether it deleted (the caller clears the selection).
 */
export async function bulkDelete({
  endpoint,
  ids,
  texts,
  trans,
  queryClient,
}: {
  endpoint: string;
  ids: (string | number)[];
  texts: TBulkDeleteTexts;
  trans: Translate;
  queryClient: QueryClient;
}): Promise<boolean> {
  const count = String(ids.length);
  const confirmed = await confirmAction({
    title: trans(texts.title, { count }),
    body: trans(texts.body, { count }),
    confirmLabel: trans(texts.confirm, { count }),
    isDanger: true,
  });
  if (!confirmed) return false;
  try {
    await apiClient.delete(endpoint, { body: { ids: ids.map(Number) } });
  } catch (error) {
    toast.danger(isHttpError(error) ? error.message : trans('There was an issue. Please try again later.'));
    return false;
  }
  toast.positive(trans(texts.done, { count }));
  // Not awaited: the selection clears now, before the reloaded rows show (see TBulkAction).
  void queryClient.invalidateQueries({ queryKey: adminListKey(endpoint) });
  return true;
}
