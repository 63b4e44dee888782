import { useLabels } from '@cadence/admin-kit/chart-labels';
import { BreakdownChart, StatCard, TimeSeriesChart } from '@cadence/admin-kit/charts';
import { reportCsv } from '@cadence/admin-kit/period-picker';
import { useBootstrapData } from '@cadence/app-shell/use-bootstrap-data';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TVisitorsReport } from '@cadence/contracts/insights';
import { ReportLayout, useReport } from './report-layout';

/**
 * /admin/visitors (spec 2.12): the player's page views and unique visitors, first-party (the
 * player's own beacon; no third-party script), without visitors who ask not to be tracked.
 */
export function VisitorsReportPage() {
  const { trans } = useTrans();
  const { i18n } = useBootstrapData();
  const labels = useLabels(i18n.language);
  const report = useReport<TVisitorsReport>('admin/reports/visitors');
  return (
    <ReportLayout
      title={trans('Visitors report')}
      testId="visitors-report"
      report={report}
      csv={(data) => {
        const breakdown = (
          title: string,
          rows: TVisitorsReport['devices'],
          label: (v: string) => string,
        ) => ({
          title,
          header: [title, trans('Page views'), trans('Period before')],
          rows: rows.map((row) => [label(row.value), row.plays, row.previous]),
        });
        return {
          fileName: `visitors-report-${data.range.from}-${data.range.to}.csv`,
          rows: reportCsv([
            {
              title: trans('Totals'),
              header: ['', trans('This period'), trans('Period before')],
              rows: [
                [trans('Page views'), data.totals.views, data.totals.previous_views],
                [trans('Unique visitors'), data.totals.visitors, data.totals.previous_visitors],
              ],
            },
            {
              title: trans('Page views over time'),
              header: [
                trans('Date'),
                trans('Page views'),
                trans('Unique visitors'),
                trans('Page views, period before'),
              ],
              rows: data.views.map((point, index) => [
                point.date,
                point.value,
                data.visitors[index]?.value ?? 0,
                point.previous,
              ]),
            },
            breakdown(trans('Pages'), data.page_kinds, labels.pageKind),
            breakdown(trans('Referrers'), data.referrers, (value) => value),
            breakdown(trans('Countries'), data.countries, labels.country),
            breakdown(trans('Devices'), data.devices, labels.device),
          ]),
        };
      }}
    >
      {(data) => (
        <>
          <p className="text-sm text-muted">
            {trans(
              'Counted by the player itself; visitors who send Do Not Track or Global Privacy Control are not counted.',
            )}
          </p>
          <ul className="grid gap-3 sm:grid-cols-2" aria-label={trans('Totals')}>
            <StatCard
              label={trans('Page views')}
              current={data.totals.views}
              previous={data.totals.previous_views}
            />
            <StatCard
              label={trans('Unique visitors')}
              current={data.totals.visitors}
              previous={data.totals.previous_visitors}
            />
          </ul>
          <TimeSeriesChart
            title={trans('Page views over time')}
            data={data.views}
            valueLabel={trans('Page views')}
            previousLabel={trans('Period before')}
            testId="report-views"
          />
          <TimeSeriesChart
            title={trans('Unique visitors per day')}
            data={data.visitors}
            valueLabel={trans('Unique visitors')}
            previousLabel={trans('Period before')}
          />
          <div className="grid gap-4 lg:grid-cols-2">
            <BreakdownChart
              title={trans('Pages')}
              rows={data.page_kinds}
              valueLabel={trans('Page views')}
              labelOf={labels.pageKind}
              testId="report-page-kinds"
            />
            <BreakdownChart
              title={trans('Referrers')}
              rows={data.referrers}
              valueLabel={trans('Page views')}
            />
            <BreakdownChart
              title={trans('Countries')}
              rows={data.countries}
              valueLabel={trans('Page views')}
              labelOf={labels.country}
            />
            <BreakdownChart
              title={trans('Devices')}
              rows={data.devices}
              valueLabel={trans('Page views')}
              labelOf={labels.device}
            />
          </div>
        </>
      )}
    </ReportLayout>
  );
}
