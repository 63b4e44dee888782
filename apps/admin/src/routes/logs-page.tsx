import { DataTable } from '@cadence/admin-kit/data-table';
import { PageTabs } from '@cadence/admin-kit/page-tabs';
import { TablePagination } from '@cadence/admin-kit/table-pagination';
import { TableEmpty, TableError, TableLoading } from '@cadence/admin-kit/table-states';
import { useAdminList } from '@cadence/admin-kit/use-admin-list';
import { useListParams } from '@cadence/admin-kit/use-list-params';
import { NotFoundPage } from '@cadence/app-shell/error-pages';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TErrorLogDownloadLink, TErrorLogEntry, TMailLogEntry } from '@cadence/contracts/error-log';
import type { TScheduleOverview } from '@cadence/contracts/schedule';
import { apiClient } from '@cadence/http-client/http-client';
import { Button } from '@cadence/ui/button';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';

const TABS = ['schedule', 'error', 'outgoing-email'] as const;
type TScheduledTask = TScheduleOverview['tasks'][number];
type TLogTab = (typeof TABS)[number];

function formatDate(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString() : '—';
}

const noSort = { orderBy: null, orderDir: 'desc' as const };
const wrap = { className: 'break-all' };

/**
 * One paginated log on the admin kit's table: the page and page size in the address, the
 * previous page kept on screen while the next loads, loading, empty and error states.
 */
function LogList<T extends { id: number }>({
  endpoint,
  label,
  columns,
  emptyMessage,
}: {
  endpoint: string;
  label: string;
  // biome-ignore lint/suspicious/noExplicitAny: column value types differ per column
  columns: ColumnDef<T, any>[];
  emptyMessage: string;
}) {
  const [state, update] = useListParams();
  const query = useAdminList<T>(endpoint, state);
  const page = query.data?.pagination;
  if (query.isPending) return <TableLoading />;
  if (query.isError && !page) return <TableError onRetry={() => void query.refetch()} />;
  if (!page) return null;
  if (page.data.length === 0)
    return <TableEmpty isNarrowed={false} message={emptyMessage} onClearFilters={() => {}} />;
  return (
    <>
      <DataTable
        label={label}
        columns={columns}
        data={page.data}
        getRowId={(row) => String(row.id)}
        sort={noSort}
        onSortChange={() => {}}
        isStale={query.isPlaceholderData}
      />
      {query.isError && <TableError onRetry={() => void query.refetch()} />}
      <TablePagination
        info={page}
        onPage={(next) => update({ page: next })}
        onPerPage={(perPage) => update({ perPage })}
      />
    </>
  );
}

function SchedulePanel() {
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

function ErrorPanel() {
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

function MailPanel() {
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

/** /admin/logs[/{tab}] (spec 2.12): schedule (default), error and outgoing-email, each tab a route. */
export function LogsPage() {
  const { trans } = useTrans();
  const { tab = 'schedule' } = useParams();
  const legacyTab = useSearchParams()[0].get('tab');
  // `?tab=error` was the tab's address before the tabs were routes: old links still land.
  if (legacyTab && TABS.includes(legacyTab as TLogTab)) return <Navigate to={`/logs/${legacyTab}`} replace />;
  if (!TABS.includes(tab as TLogTab)) return <NotFoundPage />;
  const labels: Record<TLogTab, string> = {
    schedule: trans('Schedule'),
    error: trans('Error'),
    'outgoing-email': trans('Outgoing email'),
  };
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">{trans('Logs')}</h1>
      <PageTabs
        label={trans('Logs')}
        tabs={TABS.map((id) => ({
          to: id === 'schedule' ? '/logs' : `/logs/${id}`,
          label: labels[id],
          end: true,
          aliases: id === 'schedule' ? ['/logs/schedule'] : [],
        }))}
      />
      <h2 className="sr-only">{labels[tab as TLogTab]}</h2>
      {tab === 'schedule' && <SchedulePanel />}
      {tab === 'error' && <ErrorPanel />}
      {tab === 'outgoing-email' && <MailPanel />}
    </section>
  );
}
