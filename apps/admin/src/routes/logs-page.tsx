import { PageTabs } from '@cadence/admin-kit/page-tabs';
import { NotFoundPage } from '@cadence/app-shell/error-pages';
import { useTrans } from '@cadence/app-shell/use-trans';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { ErrorPanel } from './logs/error-panel';
import { MailPanel } from './logs/mail-panel';
import { SchedulePanel } from './logs/schedule-panel';

const TABS = ['schedule', 'error', 'outgoing-email'] as const;
type TLogTab = (typeof TABS)[number];

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
