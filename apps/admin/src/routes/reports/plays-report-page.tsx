import { useLabels } from '@cadence/admin-kit/chart-labels';
import { BreakdownChart, RankedTable, StatCard, TimeSeriesChart } from '@cadence/admin-kit/charts';
import { reportCsv } from '@cadence/admin-kit/period-picker';
import { useBootstrapData } from '@cadence/app-shell/use-bootstrap-data';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TPlaysReport } from '@cadence/contracts/insights';
import { ReportLayout, useReport } from './report-layout';

/** /admin/plays (spec 2.12): plays over time, top tracks/albums/artists/genres, countries, devices, platforms, browsers, sources. */
export function PlaysReportPage() {
  const { trans } = useTrans();
  const { i18n } = useBootstrapData();
  const labels = useLabels(i18n.language);
  const report = useReport<TPlaysReport>('admin/reports/plays');
  return (
    <ReportLayout
      title={trans('Plays report')}
      testId="plays-report"
      report={report}
      csv={(data) => {
        const ranked = (title: string, rows: TPlaysReport['top_tracks']) => ({
          title,
          header: [trans('Name'), trans('Plays')],
          rows: rows.map((row) => [row.name, row.plays]),
        });
        const breakdown = (title: string, rows: TPlaysReport['devices'], label: (v: string) => string) => ({
          title,
          header: [title, trans('Plays'), trans('Period before')],
          rows: rows.map((row) => [label(row.value), row.plays, row.previous]),
        });
        return {
          fileName: `plays-report-${data.range.from}-${data.range.to}.csv`,
          rows: reportCsv([
            {
              title: trans('Totals'),
              header: ['', trans('This period'), trans('Period before')],
              rows: [
                [trans('Plays'), data.totals.plays, data.totals.previous_plays],
                [trans('Listeners'), data.totals.listeners, data.totals.previous_listeners],
              ],
            },
            {
              title: trans('Plays over time'),
              header: [trans('Date'), trans('Plays'), trans('Plays, period before')],
              rows: data.plays.map((point) => [point.date, point.value, point.previous]),
            },
            ranked(trans('Top tracks'), data.top_tracks),
            ranked(trans('Top albums'), data.top_albums),
            ranked(trans('Top artists'), data.top_artists),
            ranked(trans('Top genres'), data.top_genres),
            breakdown(trans('Countries'), data.countries, labels.country),
            breakdown(trans('Devices'), data.devices, labels.device),
            breakdown(trans('Platforms'), data.platforms, labels.platform),
            breakdown(trans('Browsers'), data.browsers, labels.browser),
            breakdown(trans('Sources'), data.sources, labels.source),
          ]),
        };
      }}
    >
      {(data) => (
        <>
          <ul className="grid gap-3 sm:grid-cols-2" aria-label={trans('Totals')}>
            <StatCard
              label={trans('Plays')}
              current={data.totals.plays}
              previous={data.totals.previous_plays}
            />
            <StatCard
              label={trans('Listeners')}
              current={data.totals.listeners}
              previous={data.totals.previous_listeners}
            />
          </ul>
          <TimeSeriesChart
            title={trans('Plays over time')}
            data={data.plays}
            valueLabel={trans('Plays')}
            previousLabel={trans('Period before')}
            testId="report-plays"
          />
          <div className="grid gap-4 lg:grid-cols-2">
            <RankedTable
              title={trans('Top tracks')}
              rows={data.top_tracks}
              valueLabel={trans('Plays')}
              hrefOf={(row) => `/tracks/${row.id}/insights`}
              testId="report-top-tracks"
            />
            <RankedTable
              title={trans('Top albums')}
              rows={data.top_albums}
              valueLabel={trans('Plays')}
              hrefOf={(row) => `/albums/${row.id}/insights`}
            />
            <RankedTable
              title={trans('Top artists')}
              rows={data.top_artists}
              valueLabel={trans('Plays')}
              hrefOf={(row) => `/artists/${row.id}/insights`}
            />
            <RankedTable title={trans('Top genres')} rows={data.top_genres} valueLabel={trans('Plays')} />
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            <BreakdownChart
              title={trans('Countries')}
              rows={data.countries}
              valueLabel={trans('Plays')}
              labelOf={labels.country}
            />
            <BreakdownChart
              title={trans('Devices')}
              rows={data.devices}
              valueLabel={trans('Plays')}
              labelOf={labels.device}
              testId="report-devices"
            />
            <BreakdownChart
              title={trans('Platforms')}
              rows={data.platforms}
              valueLabel={trans('Plays')}
              labelOf={labels.platform}
            />
            <BreakdownChart
              title={trans('Browsers')}
              rows={data.browsers}
              valueLabel={trans('Plays')}
              labelOf={labels.browser}
            />
            <BreakdownChart
              title={trans('Sources')}
              rows={data.sources}
              valueLabel={trans('Plays')}
              labelOf={labels.source}
              testId="report-sources"
            />
          </div>
        </>
      )}
    </ReportLayout>
  );
}
