import { useTrans } from '@cadence/app-shell/use-trans';
import type { TErrorLogDownloadLink, TErrorLogEntry } from '@cadence/contracts/error-log';
import { apiClient } from '@cadence/http-client/http-client';
import { Button } from '@cadence/ui/button';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { formatDate, LogList, wrap } from './log-list';

export function ErrorPanel() {
  const { trans } = useTrans();
  async function downloadLatest() {
    const link = await apiClient.get<TErrorLogDownloadLink>('logs/error/download-latest');
    window.location.assign(link.download_url);
  }
  const columns = useMemo<ColumnDef<TErrorLogEntry>[]>(
    () => [
      { id: 'date', header: trans('Date'), cell: ({ row }) => formatDate(row.original.created_at) },
      {
        id: 'request_id',
        header: trans('Request id'),
        cell: ({ row }) => <span className="font-mono">{row.original.request_id}</span>,
      },
      {
        id: 'request',
        header: trans('Request'),
        cell: ({ row }) => `${row.original.status} ${row.original.method} ${row.original.url}`,
        meta: wrap,
      },
      {
        id: 'error',
        header: trans('Error'),
        cell: ({ row }) => `${row.original.exception}: ${row.original.message}`,
        meta: wrap,
      },
    ],
    [trans],
  );
  return (
    <>
      <div className="flex justify-end pb-3">
        <Button variant="outline" size="sm" onPress={() => void downloadLatest()}>
          {trans('Download latest')}
        </Button>
      </div>
      <LogList<TErrorLogEntry>
        endpoint="logs/error"
        label={trans('Server errors')}
        columns={columns}
        emptyMessage={trans('Nothing to show yet.')}
      />
    </>
  );
}
