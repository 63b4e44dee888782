import { StackedBarChart } from '@cadence/admin-kit/charts';
import { NotFoundPage } from '@cadence/app-shell/error-pages';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TArtistEarnings } from '@cadence/contracts/payouts';
import { formatLedgerAmount } from '@cadence/contracts/pricing';
import { apiClient } from '@cadence/http-client/http-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';

export const artistEarningsQuery = (artistId: string) =>
  queryOptions({
    queryKey: ['backstage', 'earnings', artistId],
    queryFn: () => apiClient.get<TArtistEarnings>(`artists/${artistId}/earnings`),
    retry: false,
  });

const money = (minor: number, currency: string) => formatLedgerAmount(minor, currency);

/** The months as a CSV file the artist downloads (a formula-looking cell is neutralised). */
function earningsCsv(earnings: TArtistEarnings): string {
  const cell = (value: string | number) => {
    const text = String(value);
    const safe = /^[=+\-@]/.test(text) && typeof value === 'string' ? `'${text}` : text;
    return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  const rows = [
    ['period', 'currency', 'track_id', 'track', 'source', 'amount_minor'],
    ...earnings.tracks.map((line) => [
      line.period,
      line.currency,
      line.track_id,
      line.track_name,
      line.source,
      line.amount,
    ]),
  ];
  return `${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** /backstage/artists/{id}/earnings (issue 39): closed months, per track and source, and the balance. */
export function EarningsPage() {
  const { trans } = useTrans();
  const artistId = useParams().artistId ?? '';
  const earnings = useQuery(artistEarningsQuery(artistId));
  const csvHref = useMemo(
    () =>
      earnings.data
        ? `data:text/csv;charset=utf-8,${encodeURIComponent(earningsCsv(earnings.data))}`
        : undefined,
    [earnings.data],
  );
  if (earnings.isError) return <NotFoundPage />;
  if (!earnings.data)
    return (
      <p role="status" className="text-muted">
        {trans('Loading…')}
      </p>
    );
  const { balances, months, tracks } = earnings.data;
  const sourceLabel = {
    plans: trans('Subscriptions'),
    ads: trans('Ads'),
    adjustments: trans('Refund adjustments'),
  };
  return (
    <section className="flex flex-col gap-6" data-testid="backstage-earnings">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold">{trans('Earnings')}</h1>
          <p className="text-muted">
            {trans("Each subscriber's money goes to the artists they played (user-centric).")}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link
            to={`/artists/${artistId}/payout-details`}
            className="rounded-button border border-divider px-4 py-2 text-sm font-medium hover:bg-fg-base/5"
          >
            {trans('Payout details')}
          </Link>
          {csvHref && tracks.length > 0 && (
            <a
              href={csvHref}
              download={`earnings-${artistId}.csv`}
              className="rounded-button border border-divider px-4 py-2 text-sm font-medium hover:bg-fg-base/5"
            >
              {trans('Download CSV')}
            </a>
          )}
        </div>
      </div>
      <div>
        <h2 className="text-lg font-semibold">{trans('Balance')}</h2>
        {balances.length === 0 ? (
          <p className="text-muted">{trans('Nothing owed yet.')}</p>
        ) : (
          <ul>
            {balances.map((row) => (
              <li key={row.currency} className="text-xl font-semibold">
                {money(row.balance, row.currency)}
              </li>
            ))}
          </ul>
        )}
      </div>
      {months.length === 0 ? (
        <p className="text-muted">{trans('No closed month yet: earnings appear once a month is closed.')}</p>
      ) : (
        <>
          {[...new Set(months.map((row) => row.currency))].map((currency) => (
            <StackedBarChart
              key={currency}
              title={trans('Earnings per month (:currency)', { currency })}
              testId="earnings-chart"
              formatValue={(minor) => money(minor, currency)}
              series={[
                { key: 'plans', label: trans('Subscriptions') },
                { key: 'ads', label: trans('Ads') },
              ]}
              data={months
                .filter((row) => row.currency === currency)
                .reverse()
                .map((row) => ({ label: row.period, values: { plans: row.plans, ads: row.ads } }))}
            />
          ))}
          <table className="w-full text-left text-sm">
            <caption className="mb-2 text-left text-lg font-semibold">{trans('Per month')}</caption>
            <thead>
              <tr className="border-b border-divider">
                <th scope="col">{trans('Month')}</th>
                <th scope="col">{trans('Subscriptions')}</th>
                <th scope="col">{trans('Ads')}</th>
                <th scope="col">{trans('Refund adjustments')}</th>
                <th scope="col">{trans('Pro rata would have paid')}</th>
                <th scope="col">{trans('Paid out')}</th>
                <th scope="col">{trans('Rolled over')}</th>
              </tr>
            </thead>
            <tbody>
              {months.map((row) => (
                <tr key={`${row.period}-${row.currency}`} className="border-b border-divider">
                  <th scope="row">{row.period}</th>
                  <td>{money(row.plans, row.currency)}</td>
                  <td>{money(row.ads, row.currency)}</td>
                  <td>{money(row.adjustments, row.currency)}</td>
                  <td>{money(row.pro_rata, row.currency)}</td>
                  <td>
                    {money(row.payout, row.currency)}
                    {row.paid_at ? ` (${trans('paid')})` : ''}
                  </td>
                  <td>{money(row.rolled_over, row.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <table className="w-full text-left text-sm">
            <caption className="mb-2 text-left text-lg font-semibold">{trans('Per track')}</caption>
            <thead>
              <tr className="border-b border-divider">
                <th scope="col">{trans('Month')}</th>
                <th scope="col">{trans('Track')}</th>
                <th scope="col">{trans('Source')}</th>
                <th scope="col">{trans('Amount')}</th>
              </tr>
            </thead>
            <tbody>
              {tracks.map((row) => (
                <tr
                  key={`${row.period}-${row.currency}-${row.track_id}-${row.source}`}
                  className="border-b border-divider"
                >
                  <td>{row.period}</td>
                  <th scope="row">{row.track_name}</th>
                  <td>{sourceLabel[row.source]}</td>
                  <td>{money(row.amount, row.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
