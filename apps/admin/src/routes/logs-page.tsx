import { useTrans } from '@cadence/app-shell/use-trans';
import type { TErrorLogDownloadLink, TErrorLogEntry, TMailLogEntry } from '@cadence/contracts/error-log';
import type { TPagination } from '@cadence/contracts/pagination';
import type { TScheduleOverview } from '@cadence/contracts/schedule';
import { apiClient } from '@cadence/http-client/http-client';
import { Button } from '@cadence/ui/button';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { useSearchParams } from 'react-router';

const TABS = ['schedule', 'error', 'outgoing-email'] as const;
type TLogTab = (typeof TABS)[number];
const PER_PAGE = 20;

const cell = 'border-b border-divider px-3 py-2 text-left align-top text-sm';
const head = `${cell} font-medium text-muted`;

function formatDate(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString() : '—';
}

function Table({ label, columns, children }: { label: string; columns: string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse" aria-label={label}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className={head}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

function Status({ isLoading, isError, isEmpty }: { isLoading: boolean; isError: boolean; isEmpty: boolean }) {
  const { trans } = useTrans();
  if (isLoading) return <p className="text-muted">{trans('Loading...')}</p>;
  if (isError) return <p role="alert">{trans('There was an issue. Please try again later.')}</p>;
  if (isEmpty) return <p className="text-muted">{trans('Nothing to show yet.')}</p>;
  return null;
}

function Pager({
  page,
  lastPage,
  onPage,
}: {
  page: number;
  lastPage: number;
  onPage: (page: number) => void;
}) {
  const { trans } = useTrans();
  if (lastPage <= 1) return null;
  return (
    <nav aria-label={trans('Pagination')} className="flex items-center gap-3 pt-3">
      <Button variant="outline" size="sm" isDisabled={page <= 1} onPress={() => onPage(page - 1)}>
        {trans('Previous')}
      </Button>
      <span className="text-sm text-muted">
        {trans(':page of :last', { page: String(page), last: String(lastPage) })}
      </span>
      <Button variant="outline" size="sm" isDisabled={page >= lastPage} onPress={() => onPage(page + 1)}>
        {trans('Next')}
      </Button>
    </nav>
  );
}

function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  return [
    page,
    (next) =>
      setParams((current) => {
        current.set('page', String(next));
        return current;
      }),
  ];
}

function SchedulePanel() {
  const { trans } = useTrans();
  const query = useQuery({
    queryKey: ['logs', 'schedule'],
    queryFn: () => apiClient.get<TScheduleOverview>('logs/schedule'),
  });
  const tasks = query.data?.tasks ?? [];
  return (
    <>
      <Status
        isLoading={query.isPending}
        isError={query.isError}
        isEmpty={query.isSuccess && tasks.length === 0}
      />
      {tasks.length > 0 && (
        <Table
          label={trans('Scheduled tasks')}
          columns={[
            trans('Task'),
            trans('Every'),
            trans('Last run'),
            trans('Duration'),
            trans('Outcome'),
            trans('Details'),
          ]}
        >
          {tasks.map((task) => {
            const last = task.runs[0];
            return (
              <tr key={task.name}>
                <td className={cell}>
                  <div className="font-medium">{task.name}</div>
                  <div className="text-muted">{task.description}</div>
                </td>
                <td className={cell}>{trans(':count minutes', { count: String(task.every_minutes) })}</td>
                <td className={cell}>{last ? formatDate(last.started_at) : trans('Never')}</td>
                <td className={cell}>{last?.duration_ms != null ? `${last.duration_ms} ms` : '—'}</td>
                <td className={cell}>{last ? trans(last.outcome) : '—'}</td>
                <td className={cell}>{last?.detail ?? ''}</td>
              </tr>
            );
          })}
        </Table>
      )}
    </>
  );
}

function ErrorPanel() {
  const { trans } = useTrans();
  const [page, setPage] = usePageParam();
  const query = useQuery({
    queryKey: ['logs', 'error', page],
    queryFn: () =>
      apiClient.get<TPagination<TErrorLogEntry>>('logs/error', { params: { page, perPage: PER_PAGE } }),
    placeholderData: keepPreviousData,
  });
  const pagination = query.data?.pagination;
  async function downloadLatest() {
    const link = await apiClient.get<TErrorLogDownloadLink>('logs/error/download-latest');
    window.location.assign(link.download_url);
  }
  return (
    <>
      <div className="flex justify-end pb-3">
        <Button variant="outline" size="sm" onPress={() => void downloadLatest()}>
          {trans('Download latest')}
        </Button>
      </div>
      <Status
        isLoading={query.isPending}
        isError={query.isError}
        isEmpty={query.isSuccess && pagination?.data.length === 0}
      />
      {pagination && pagination.data.length > 0 && (
        <>
          <Table
            label={trans('Server errors')}
            columns={[trans('Date'), trans('Request id'), trans('Request'), trans('Error')]}
          >
            {pagination.data.map((entry) => (
              <tr key={entry.id}>
                <td className={cell}>{formatDate(entry.created_at)}</td>
                <td className={`${cell} font-mono`}>{entry.request_id}</td>
                <td className={cell}>
                  {entry.status} {entry.method} {entry.url}
                </td>
                <td className={cell}>
                  {entry.exception}: {entry.message}
                </td>
              </tr>
            ))}
          </Table>
          <Pager page={pagination.current_page} lastPage={pagination.last_page} onPage={setPage} />
        </>
      )}
    </>
  );
}

function MailPanel() {
  const { trans } = useTrans();
  const [page, setPage] = usePageParam();
  const query = useQuery({
    queryKey: ['logs', 'outgoing-email', page],
    queryFn: () =>
      apiClient.get<TPagination<TMailLogEntry>>('logs/outgoing-email', {
        params: { page, perPage: PER_PAGE },
      }),
    placeholderData: keepPreviousData,
  });
  const pagination = query.data?.pagination;
  return (
    <>
      <Status
        isLoading={query.isPending}
        isError={query.isError}
        isEmpty={query.isSuccess && pagination?.data.length === 0}
      />
      {pagination && pagination.data.length > 0 && (
        <>
          <Table
            label={trans('Outgoing email')}
            columns={[trans('Date'), trans('To'), trans('Subject'), trans('Status')]}
          >
            {pagination.data.map((mail) => (
              <tr key={mail.id}>
                <td className={cell}>{formatDate(mail.created_at)}</td>
                <td className={cell}>{mail.to}</td>
                <td className={cell}>{mail.subject}</td>
                <td className={cell}>
                  {mail.status}
                  {mail.error ? ` (${mail.error})` : ''}
                </td>
              </tr>
            ))}
          </Table>
          <Pager page={pagination.current_page} lastPage={pagination.last_page} onPage={setPage} />
        </>
      )}
    </>
  );
}

const tabClass = ({ isSelected }: { isSelected: boolean }) =>
  `cursor-pointer border-b-2 px-3 py-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-primary ${
    isSelected ? 'border-primary font-medium text-fg' : 'border-transparent text-muted hover:text-fg'
  }`;

/** /admin/logs (spec 2.12): schedule (default), error and outgoing-email tabs; the tab lives in the address. */
export function LogsPage() {
  const { trans } = useTrans();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TLogTab = TABS.includes(requested as TLogTab) ? (requested as TLogTab) : 'schedule';
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">{trans('Logs')}</h1>
      <Tabs selectedKey={tab} onSelectionChange={(key) => setParams({ tab: String(key) })}>
        <TabList aria-label={trans('Logs')} className="flex gap-1 border-b border-divider">
          <Tab id="schedule" className={tabClass}>
            {trans('Schedule')}
          </Tab>
          <Tab id="error" className={tabClass}>
            {trans('Error')}
          </Tab>
          <Tab id="outgoing-email" className={tabClass}>
            {trans('Outgoing email')}
          </Tab>
        </TabList>
        <TabPanel id="schedule" className="pt-4">
          <SchedulePanel />
        </TabPanel>
        <TabPanel id="error" className="pt-4">
          <ErrorPanel />
        </TabPanel>
        <TabPanel id="outgoing-email" className="pt-4">
          <MailPanel />
        </TabPanel>
      </Tabs>
    </section>
  );
}
