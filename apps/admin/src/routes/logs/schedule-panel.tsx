import { DataTable } from '@cadence/admin-kit/data-table';
import { TableEmpty, TableError, TableLoading } from '@cadence/admin-kit/table-states';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TScheduleOverview } from '@cadence/contracts/schedule';
import { apiClient } from '@cadence/http-client/http-client';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { formatDate, noSort, wrap } from './log-list';

type TScheduledTask = TScheduleOverview['tasks'][number];

export function SchedulePanel() {
  const { trans } = useTrans();
  const query = useQuery({
    queryKey: ['logs', 'schedule'],
    queryFn: () => apiClient.get<TScheduleOverview>('logs/schedule'),
  });
  const columns = useMemo<ColumnDef<TScheduledTask>[]>(
    () => [
      {
        id: 'task',
        header: trans('Task'),
        cell: ({ row }) => (
          <>
            <div className="font-medium">{row.original.name}</div>
            <div className="text-muted">{row.original.description}</div>
          </>
        ),
      },
      {
        id: 'every',
        header: trans('Every'),
        cell: ({ row }) =>
          trans('{count, plural, one {# minute} other {# minutes}}', {
            count: String(row.original.every_minutes),
          }),
      },
      {
        id: 'last_run',
        header: trans('Last run'),
        cell: ({ row }) =>
          row.original.runs[0] ? formatDate(row.original.runs[0].started_at) : trans('Never'),
      },
      {
        id: 'duration',
        header: trans('Duration'),
        cell: ({ row }) => {
          const ms = row.original.runs[0]?.duration_ms;
          return ms != null ? `${ms} ms` : '—';
        },
      },
      {
        id: 'outcome',
        header: trans('Outcome'),
        cell: ({ row }) => (row.original.runs[0] ? trans(row.original.runs[0].outcome) : '—'),
      },
      {
        id: 'detail',
        header: trans('Details'),
        cell: ({ row }) => row.original.runs[0]?.detail ?? '',
        meta: wrap,
      },
    ],
    [trans],
  );
  if (query.isPending) return <TableLoading />;
  if (query.isError) return <TableError onRetry={() => void query.refetch()} />;
  const tasks = query.data.tasks;
  if (tasks.length === 0)
    return (
      <TableEmpty isNarrowed={false} message={trans('Nothing to show yet.')} onClearFilters={() => {}} />
    );
  return (
    <DataTable
      label={trans('Scheduled tasks')}
      columns={columns}
      data={tasks}
      getRowId={(task) => task.name}
      sort={noSort}
      onSortChange={() => {}}
    />
  );
}
