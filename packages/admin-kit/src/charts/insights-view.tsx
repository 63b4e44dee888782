import { NotFoundPage } from '@cadence/app-shell/error-pages';
import { useBootstrapData } from '@cadence/app-shell/use-bootstrap-data';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TInsights } from '@cadence/contracts/insights';
import { apiClient } from '@cadence/http-client/http-client';
import { isHttpError } from '@cadence/http-client/http-error';
import { Button } from '@cadence/ui/button';
import { Spinner } from '@cadence/ui/spinner';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import DownloadIcon from 'lucide-react/icons/download';
import { BreakdownChart, RankedTable, StatCard, TimeSeriesChart } from './charts';
import { downloadCsv, PeriodPicker, reportCsv, usePeriod } from './period-picker';
import { useLabels } from './use-labels';

export type TInsightSubject = 'tracks' | 'albums' | 'artists';

const HEADINGS: Record<TInsightSubject, string> = {
  tracks: 'Track insights',
  albums: 'Album insights',
  artists: 'Artist insights',
};

/**
 * Insights of one track, album or artist (backstage and admin): the period picker, totals
 * against the previous period, plays over time, top tracks, locations, devices, platforms,
 * browsers, sources, likes and reposts, and a CSV of it all.
 */
export function InsightsView({
  subject,
  id,
  trackHref,
}: {
  subject: TInsightSubject;
  id: string | number;
  /** Where a top track links to (its own insights page), if anywhere. */
  trackHref?: (track: { id: number; name: string }) => string | null;
}) {
  const { trans } = useTrans();
  const { i18n } = useBootstrapData();
  const labels = useLabels(i18n.language);
  const [period, setPeriod] = usePeriod();
  const query = useQuery({
    queryKey: ['insights', subject, String(id), period],
    queryFn: () =>
      apiClient.get<TInsights>(`insights/${subject}/${id}`, {
        params: {
          range: period.range,
          ...(period.range === 'custom' ? { from: period.from, to: period.to } : {}),
        },
      }),
    placeholderData: keepPreviousData,
  });
  if (query.isError && isHttpError(query.error) && query.error.status === 404) return <NotFoundPage />;
  const data = query.data;

  const download = () => {
    if (!data) return;
    const breakdown = (title: string, rows: TInsights['devices'], label: (value: string) => string) => ({
      title,
      header: [title, trans('Plays'), trans('Period before')],
      rows: rows.map((row) => [label(row.value), row.plays, row.previous]),
    });
    downloadCsv(
      `${data.subject.type}-${data.subject.id}-insights-${data.range.from}-${data.range.to}.csv`,
      reportCsv([
        {
          title: trans('Totals'),
          header: ['', trans('This period'), trans('Period before')],
          rows: [
            [trans('Plays'), data.totals.plays, data.totals.previous_plays],
            [trans('Listeners'), data.totals.listeners, data.totals.previous_listeners],
            [trans('Likes'), data.totals.likes, data.totals.previous_likes],
            [trans('Reposts'), data.totals.reposts, data.totals.previous_reposts],
          ],
        },
        {
          title: trans('Plays over time'),
          header: [
            trans('Date'),
            trans('Plays'),
            trans('Likes'),
            trans('Reposts'),
            trans('Plays, period before'),
          ],
          rows: data.plays.map((point, index) => [
            point.date,
            point.value,
            data.likes[index]?.value ?? 0,
            data.reposts[index]?.value ?? 0,
            point.previous,
          ]),
        },
        {
          title: trans('Top tracks'),
          header: [trans('Track'), trans('Plays')],
          rows: data.top_tracks.map((track) => [track.name, track.plays]),
        },
        breakdown(trans('Countries'), data.countries, labels.country),
        breakdown(trans('Cities'), data.cities, (value) => value),
        breakdown(trans('Devices'), data.devices, labels.device),
        breakdown(trans('Platforms'), data.platforms, labels.platform),
        breakdown(trans('Browsers'), data.browsers, labels.browser),
        breakdown(trans('Sources'), data.sources, labels.source),
      ]),
    );
  };

  return (
    <section className="flex flex-col gap-4" data-testid="insights">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold">{trans(HEADINGS[subject])}</h1>
          {data && <p className="text-muted">{data.subject.name}</p>}
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <PeriodPicker period={period} onChange={setPeriod} />
          <Button variant="outline" onPress={download} isDisabled={!data}>
            <DownloadIcon aria-hidden className="size-4" />
            {trans('Download CSV')}
          </Button>
        </div>
      </div>
      {query.isPending ? (
        <Spinner label={trans('Loading...')} />
      ) : query.isError || !data ? (
        <div role="alert" className="flex items-center gap-3">
          <p>{trans('Could not load the figures.')}</p>
          <Button size="sm" variant="outline" onPress={() => void query.refetch()}>
            {trans('Try again')}
          </Button>
        </div>
      ) : (
        <div className="flex flex-col gap-4" aria-busy={query.isPlaceholderData || undefined}>
          <p className="text-sm text-muted">
            {trans(':from to :to, compared with :previousFrom to :previousTo', {
              from: data.range.from,
              to: data.range.to,
              previousFrom: data.previous.from,
              previousTo: data.previous.to,
            })}
          </p>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label={trans('Totals')}>
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
            <StatCard
              label={trans('Likes')}
              current={data.totals.likes}
              previous={data.totals.previous_likes}
            />
            <StatCard
              label={trans('Reposts')}
              current={data.totals.reposts}
              previous={data.totals.previous_reposts}
            />
          </ul>
          <TimeSeriesChart
            title={trans('Plays over time')}
            data={data.plays}
            valueLabel={trans('Plays')}
            previousLabel={trans('Period before')}
            testId="insights-plays"
          />
          {subject !== 'tracks' && (
            <RankedTable
              title={trans('Top tracks')}
              rows={data.top_tracks}
              valueLabel={trans('Plays')}
              hrefOf={trackHref}
              testId="insights-top-tracks"
            />
          )}
          <div className="grid gap-4 lg:grid-cols-2">
            <BreakdownChart
              title={trans('Sources')}
              rows={data.sources}
              valueLabel={trans('Plays')}
              labelOf={labels.source}
              testId="insights-sources"
            />
            <BreakdownChart
              title={trans('Devices')}
              rows={data.devices}
              valueLabel={trans('Plays')}
              labelOf={labels.device}
              testId="insights-devices"
            />
            <BreakdownChart
              title={trans('Countries')}
              rows={data.countries}
              valueLabel={trans('Plays')}
              labelOf={labels.country}
              testId="insights-countries"
            />
            <BreakdownChart title={trans('Cities')} rows={data.cities} valueLabel={trans('Plays')} />
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
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            <TimeSeriesChart
              title={trans('Likes over time')}
              data={data.likes}
              valueLabel={trans('Likes')}
              previousLabel={trans('Period before')}
            />
            <TimeSeriesChart
              title={trans('Reposts over time')}
              data={data.reposts}
              valueLabel={trans('Reposts')}
              previousLabel={trans('Period before')}
            />
          </div>
        </div>
      )}
    </section>
  );
}
