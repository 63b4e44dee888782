import { reportError } from '@cadence/app-shell/report-error';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TDataExportResponse } from '@cadence/contracts/data-export';
import { apiClient } from '@cadence/http-client/http-client';
import { Button } from '@cadence/ui/button';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

const exportKey = ['account', 'data-export'] as const;
/** While an archive is being built the panel looks again now and then (the notification also comes). */
const PENDING_POLL_MS = 3_000;

const dataExportQueryOptions = () =>
  queryOptions({
    queryKey: exportKey,
    queryFn: ({ signal }) =>
      apiClient.get<TDataExportResponse>('account/data-export', { signal }).then((body) => body.export),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? PENDING_POLL_MS : false),
  });

/**
 * Account settings' "Download your data" (issue 37): an archive of the account, likes, follows,
 * playlists, listening history and uploads, built in the background, downloadable for a week.
 */
export function DownloadYourDataPanel() {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const { data: archive } = useQuery(dataExportQueryOptions());
  const [isPending, setIsPending] = useState(false);
  const onAsk = async () => {
    setIsPending(true);
    try {
      const answer = await apiClient.post<TDataExportResponse>('account/data-export');
      queryClient.setQueryData(exportKey, answer.export);
    } catch (error) {
      reportError(error);
    } finally {
      setIsPending(false);
    }
  };
  const isBuilding = archive?.status === 'pending';
  return (
    <section
      id="download-your-data"
      aria-labelledby="download-your-data-title"
      className="scroll-mt-6 rounded-panel border border-divider bg-paper p-6"
      data-testid="panel-download-your-data"
    >
      <h2 id="download-your-data-title" className="text-lg font-semibold">
        {trans('Download your data')}
      </h2>
      <p className="mt-1 text-sm text-muted">
        {trans(
          'A zip file with your account, likes, follows, playlists (JSON, M3U8 and XSPF), listening history (JSON and CSV) and the details of your uploads. It is prepared in the background; we notify you when it is ready, and the link works for 7 days.',
        )}
      </p>
      <div
        className="mt-4 flex flex-wrap items-center gap-3"
        role="status"
        data-testid="download-your-data-status"
      >
        {isBuilding && <span className="text-sm">{trans('Preparing your archive…')}</span>}
        {archive?.status === 'ready' && archive.download_url && (
          <a className="text-sm font-semibold underline" href={archive.download_url} download>
            {trans('Download archive (link works until :date)', {
              date: new Date(archive.expires_at ?? '').toLocaleDateString(),
            })}
          </a>
        )}
        {archive?.status === 'failed' && (
          <span className="text-sm text-danger">
            {trans('The archive could not be prepared. Try again.')}
          </span>
        )}
        {archive?.status === 'expired' && (
          <span className="text-sm text-muted">{trans('The last download link has expired.')}</span>
        )}
      </div>
      {!isBuilding && (
        <Button className="mt-4" variant="outline" isPending={isPending} onPress={() => void onAsk()}>
          {archive?.status === 'ready' ? trans('Prepare a new archive') : trans('Download your data')}
        </Button>
      )}
    </section>
  );
}
