import { toast } from '@cadence/app-shell/toast-store';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TOfflineCollectionType } from '@cadence/contracts/offline';
import { errorMessage, isHttpError } from '@cadence/http-client/http-error';
import { PlainButton } from '@cadence/ui/plain-button';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import CircleCheckIcon from 'lucide-react/icons/circle-check';
import DownloadIcon from 'lucide-react/icons/download';
import { useState } from 'react';
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
      <PlainButton
        variant="outline"
        isDisabled
        startIcon={<DownloadIcon aria-hidden className="size-4" />}
        data-testid="offline-download"
      >
        <span role="status">
          {progress.total > 0
            ? trans('Downloading :done of :total', { done: progress.done, total: progress.total })
            : trans('Downloading...')}
        </span>
      </PlainButton>
    );
  }
  return isKept ? (
    <PlainButton
      variant="outline"
      onPress={() => void onRemove()}
      startIcon={<CircleCheckIcon aria-hidden className="size-4" />}
      data-testid="offline-download"
    >
      {trans('Remove download')}
    </PlainButton>
  ) : (
    <PlainButton
      variant="outline"
      onPress={() => void onDownload()}
      isDisabled={downloads.isPending}
      startIcon={<DownloadIcon aria-hidden className="size-4" />}
      data-testid="offline-download"
    >
      {trans('Download')}
    </PlainButton>
  );
}
