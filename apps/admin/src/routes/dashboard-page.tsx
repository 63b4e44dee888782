import { TimeSeriesChart } from '@cadence/admin-kit/charts';
import { useSettings } from '@cadence/app-shell/use-bootstrap-data';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TAdminOverview, TPeriodFigure } from '@cadence/contracts/admin-overview';
import { apiClient } from '@cadence/http-client/http-client';
import { Button } from '@cadence/ui/button';
import { Spinner } from '@cadence/ui/spinner';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PendingRequests } from './dashboard-pending-requests';

const PERIODS = ['7', '30', '90'] as const;

function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(unit === 0 ? 0 : 1)} ${units[unit]}`;
}

function Change({ figure }: { figure: TPeriodFigure }) {
  const { trans } = useTrans();
  if (figure.previous === 0)
    return (
      <span className="text-xs text-muted">
        {figure.current === 0 ? trans('No change') : trans('New this period')}
      </span>
    );
  const percent = Math.round(((figure.current - figure.previous) / figure.previous) * 100);
  const up = percent >= 0;
  return (
    <span className={`text-xs font-medium ${up ? 'text-positive' : 'text-danger'}`}>
      {trans(up ? ':percent% more than the period before' : ':percent% less than the period before', {
        percent: String(Math.abs(percent)),
      })}
    </span>
  );
}

function Card({
  label,
  figure,
  format = String,
}: {
  label: string;
  figure: TPeriodFigure;
  format?: (n: number) => string;
}) {
  const { trans } = useTrans();
  return (
    <li className="flex flex-col gap-1 rounded-panel border border-divider bg-paper p-4">
      <span className="text-sm text-muted">{label}</span>
      <span className="text-2xl font-semibold">{format(figure.current)}</span>
      <span className="text-xs text-muted">
        {trans('Period before: :value', { value: format(figure.previous) })}
      </span>
      <Change figure={figure} />
    </li>
  );
}

/** /admin index: the site at a glance over the last period against the one before (spec 2.12 index report). */
export function DashboardPage() {
  const { trans } = useTrans();
  const { branding } = useSettings();
  const [params, setParams] = useSearchParams();
  const days = PERIODS.includes(params.get('days') as (typeof PERIODS)[number])
    ? (params.get('days') as string)
    : '7';
  const selectId = useId();
  const overview = useQuery({
    queryKey: ['admin-overview', days],
    queryFn: () => apiClient.get<TAdminOverview>('admin/overview', { params: { days } }),
    placeholderData: keepPreviousData,
  });
  const data = overview.data;
  return (
    <section className="flex flex-col gap-4" data-testid="admin-dashboard">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{trans(':name admin', { name: branding.site_name })}</h1>
        <div className="flex items-center gap-2">
          <label htmlFor={selectId} className="text-sm text-muted">
            {trans('Period')}
          </label>
          <select
            id={selectId}
            value={days}
            onChange={(event) => setParams({ days: event.target.value })}
            className="h-10 rounded-input border border-divider bg-paper px-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-primary"
          >
            {PERIODS.map((period) => (
              <option key={period} value={period}>
                {trans('Last :count days', { count: period })}
              </option>
            ))}
          </select>
        </div>
      </div>
      {overview.isPending ? (
        <Spinner label={trans('Loading...')} />
      ) : overview.isError || !data ? (
        <div role="alert" className="flex items-center gap-3">
          <p>{trans('Could not load the figures.')}</p>
          <Button size="sm" variant="outline" onPress={() => void overview.refetch()}>
            {trans('Try again')}
          </Button>
        </div>
      ) : (
        <ul
          className="grid gap-3 sm:grid-cols-2 xl:grid-cols-5"
          aria-label={trans('Site at a glance')}
          aria-busy={overview.isPlaceholderData || undefined}
        >
          <Card label={trans('Users')} figure={data.users} />
          <Card label={trans('New sign-ups')} figure={data.new_signups} />
          <Card label={trans('Plays')} figure={data.plays} />
          <Card label={trans('Uploads')} figure={data.uploads} />
          <Card label={trans('Storage used')} figure={data.storage_bytes} format={formatBytes} />
        </ul>
      )}
      {data?.pending_requests && <PendingRequests pending={data.pending_requests} />}
      {data && (
        <div className="grid gap-4 xl:grid-cols-3" data-testid="dashboard-charts">
          <TimeSeriesChart
            title={trans('Plays')}
            data={data.series.plays}
            valueLabel={trans('Plays')}
            previousLabel={trans('Period before')}
            testId="dashboard-plays"
          />
          <TimeSeriesChart
            title={trans('New sign-ups')}
            data={data.series.new_signups}
            valueLabel={trans('New sign-ups')}
            previousLabel={trans('Period before')}
            testId="dashboard-signups"
          />
          <TimeSeriesChart
            title={trans('Uploads')}
            data={data.series.uploads}
            valueLabel={trans('Uploads')}
            previousLabel={trans('Period before')}
            testId="dashboard-uploads"
          />
        </div>
      )}
      <nav aria-label={trans('Reports')} className="flex flex-wrap gap-4 text-sm">
        <Link to="/plays" className="text-primary hover:underline">
          {trans('Plays report')}
        </Link>
        <Link to="/visitors" className="text-primary hover:underline">
          {trans('Visitors report')}
        </Link>
        <Link to="/users" className="text-primary hover:underline">
          {trans('Users')}
        </Link>
        <Link to="/audit-log" className="text-primary hover:underline">
          {trans('Audit log')}
        </Link>
      </nav>
    </section>
  );
}
