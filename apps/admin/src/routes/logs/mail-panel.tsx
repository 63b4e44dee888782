import { useTrans } from '@cadence/app-shell/use-trans';
import type { TMailLogEntry } from '@cadence/contracts/error-log';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { formatDate, LogList, wrap } from './log-list';

export function MailPanel() {
  const { trans } = useTrans();
  const columns = useMemo<ColumnDef<TMailLogEntry>[]>(
    () => [
      { id: 'date', header: trans('Date'), cell: ({ row }) => formatDate(row.original.created_at) },
      { id: 'to', header: trans('To'), accessorKey: 'to', meta: wrap },
      { id: 'subject', header: trans('Subject'), accessorKey: 'subject', meta: wrap },
      {
        id: 'status',
        header: trans('Status'),
        cell: ({ row }) => `${row.original.status}${row.original.error ? ` (${row.original.error})` : ''}`,
        meta: wrap,
      },
    ],
    [trans],
  );
  return (
    <LogList<TMailLogEntry>
      endpoint="logs/outgoing-email"
      label={trans('Outgoing email')}
      columns={columns}
      emptyMessage={trans('Nothing to show yet.')}
    />
  );
}
