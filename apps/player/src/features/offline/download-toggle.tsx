import { toast } from '@cadence/app-shell/toast-store';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TOfflineCollectionType } from '@cadence/contracts/offline';
import { errorMessage, isHttpError } from '@cadence/http-client/http-error';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import CircleCheckIcon from 'lucide-react/icons/circle-check';
import { useState } from 'react';
import { DownloadActionButton } from './download-action-button';
import { downloadCollection, removeDownload, type TDownloadProgress } from './offline-downloads';
import { downloadsQuery, OFFLINE_QUERY_KEY } from './offline-queries';

/** The album or playlist a Download button keeps, and the page path it is kept under. */
export type TDownloadTarget = { type: TOfflineCollectionType; id: number; path: string };

/** The Download/Remove toggle of download-button.tsx, loaded only for listeners who may keep music. */
export function DownloadToggle({ type, id, path }: TDownloadTarget) {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const downloads = useQuery(downloadsQuery());
  const [progress, setProgress] = useState<TDownloadProgress | null>(null);
  const isKept = (downloads.data ?? []).some((item) => item.type === type && item.id === id);
  const refresh = () => queryClient.invalidateQueries({ queryKey: OFFLINE_QUERY_KEY });

  const onDownload = async () => {
    setProgress({ done: 0, total: 0 });
    try {
      await downloadCollection(type, id, path, setProgress);
      toast.positive(trans('Downloaded for offline listening'));
    } catch (error) {
      toast.danger(
        isHttpError(error) && error.status !== 0
          ? errorMessage(error)
          : trans('Could not download. Try again when you are online.'),
      );
    } finally {
      setProgress(null);
      await refresh();
    }
  };
  const onRemove = async () => {
    await removeDownload(type, id);
    await refresh();
    toast.positive(trans('Removed from downloads'));
  };

  if (progress) {
    return (
      <DownloadActionButton isDisabled>
        <span role="status">
          {progress.total > 0
            ? trans('Downloading :done of :total', { done: progress.done, total: progress.total })
            : trans('Downloading...')}
        </span>
      </DownloadActionButton>
    );
  }
  return isKept ? (
    <DownloadActionButton
      onPress={() => void onRemove()}
      startIcon={<CircleCheckIcon aria-hidden className="size-4" />}
    >
      {trans('Remove download')}
    </DownloadActionButton>
  ) : (
    <DownloadActionButton onPress={() => void onDownload()} isDisabled={downloads.isPending}>
      {trans('Download')}
    </DownloadActionButton>
  );
}
