import { useTrans } from '@cadence/app-shell/use-trans';
import type { TPayoutArtist, TPayoutRun } from '@cadence/contracts/payouts';
import { formatLedgerAmount } from '@cadence/contracts/pricing';
import { apiClient } from '@cadence/http-client/http-client';
import { isHttpError } from '@cadence/http-client/http-error';
import { Button } from '@cadence/ui/button';
import { TextField } from '@cadence/ui/text-field';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';

const RUNS = 'admin/payouts/runs';
/** While a run computes (a background job, minutes on a large site) the list looks again this often. */
const COMPUTING_POLL_MS = 2_000;
type TStatus = TPayoutRun['status'];
const money = (minor: number, currency: string) => formatLedgerAmount(minor, currency);

/** The previous calendar month (UTC), the usual run to start. */
function lastMonth(now = new Date()): string {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

function RunArtists({ run }: { run: TPayoutRun }) {
  const { trans } = useTrans();
  const detail = useQuery({
    queryKey: [RUNS, run.id, run.status],
    queryFn: () => apiClient.get<{ run: TPayoutRun; artists: TPayoutArtist[] }>(`${RUNS}/${run.id}`),
  });
  if (!detail.data)
    return (
      <p role="status" className="text-muted">
        {trans('Loading…')}
      </p>
    );
  return (
    <table className="w-full text-left text-sm">
      <caption className="mb-2 text-left font-semibold">
        {trans('Artists of :period', { period: run.period })}
      </caption>
      <thead>
        <tr className="border-b border-divider">
          <th scope="col">{trans('Artist')}</th>
          <th scope="col">{trans('User-centric')}</th>
          <th scope="col">{trans('Pro rata')}</th>
          <th scope="col">{trans('Payout')}</th>
          <th scope="col">{trans('Rolled over')}</th>
          <th scope="col">{trans('Paid to')}</th>
        </tr>
      </thead>
      <tbody>
        {detail.data.artists.map((artist) => (
          <tr key={artist.artist_id} className="border-b border-divider">
            <th scope="row">{artist.artist_name}</th>
            <td>{money(artist.earned, run.currency)}</td>
            <td>{money(artist.pro_rata, run.currency)}</td>
            <td>
              {money(artist.payout, run.currency)}
              {artist.paid_at ? ` (${trans('paid')})` : ''}
            </td>
            <td>{money(artist.rolled_over, run.currency)}</td>
            <td>{artist.paid_to ?? trans('No confirmed payout details')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** /admin/payouts (subscriptions.update, issue 39): start a month's run, review it, close, export, mark paid. */
export function PayoutsPage() {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const runs = useQuery({
    queryKey: [RUNS],
    queryFn: () => apiClient.get<{ runs: TPayoutRun[] }>(RUNS),
    refetchInterval: (query) =>
      query.state.data?.runs.some((run) => run.status === 'computing') ? COMPUTING_POLL_MS : false,
  });
  const [period, setPeriod] = useState(lastMonth);
  const [currency, setCurrency] = useState('EUR');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  /** Each run's status when last seen: a run leaving `computing` is announced (the live region below). */
  const seen = useRef(new Map<number, TStatus>());

  useEffect(() => {
    if (!runs.data) return;
    for (const run of runs.data.runs) {
      if (seen.current.get(run.id) !== 'computing') continue;
      const name = `${run.period} ${run.currency}`;
      if (run.status === 'review') {
        setNotice(trans('The run of :period is ready for review.', { period: name }));
      } else if (run.status === 'failed') {
        setNotice(null);
        setError(
          trans('The run of :period failed: :reason', { period: name, reason: trans(run.failure ?? '') }),
        );
      }
    }
    seen.current = new Map(runs.data.runs.map((run) => [run.id, run.status]));
  }, [runs.data, trans]);

  async function act(action: () => Promise<unknown>, done: string) {
    setError(null);
    setNotice(null);
    try {
      const answer = await action();
      // A start or recompute answers at once with the run computing: its end is announced.
      const run = (answer as { run?: TPayoutRun } | undefined)?.run;
      if (run?.status === 'computing') seen.current.set(run.id, 'computing');
      setNotice(done);
    } catch (caught) {
      setError(isHttpError(caught) ? caught.message : trans('There was an issue. Please try again.'));
    }
    await queryClient.invalidateQueries({ queryKey: [RUNS] });
  }

  function start(event: FormEvent) {
    event.preventDefault();
    void act(
      () => apiClient.post(RUNS, { period, currency }),
      trans('The run was started: computing it can take a few minutes.'),
    );
  }

  const statusOf = (run: TPayoutRun) => {
    // The live region announces the start and the end; the cell says it to whoever reads the row.
    if (run.status === 'computing') return <span className="italic">{trans('Computing…')}</span>;
    if (run.status === 'failed')
      return (
        <span className="flex flex-col">
          <span className="text-danger">{trans('Failed')}</span>
          <span className="text-muted text-xs">{trans(run.failure ?? '')}</span>
        </span>
      );
    return run.status === 'closed' ? trans('Closed') : trans('In review');
  };

  const recompute = (run: TPayoutRun, label: string) => (
    <Button
      size="xs"
      variant="outline"
      onPress={() =>
        void act(() => apiClient.post(`${RUNS}/${run.id}/recompute`), trans('Computing the run again…'))
      }
    >
      {label}
    </Button>
  );

  return (
    <section className="flex flex-col gap-6 p-6" data-testid="admin-payouts">
      <div>
        <h1 className="text-2xl font-semibold">{trans('Artist payouts')}</h1>
        <p className="text-muted">
          {trans(
            "Each subscriber's money goes to the artists they played; ad revenue is split over free plays.",
          )}
        </p>
      </div>
      <form onSubmit={start} className="flex flex-wrap items-end gap-3">
        <TextField label={trans('Month (YYYY-MM)')} value={period} onChange={setPeriod} isRequired />
        <TextField label={trans('Currency')} value={currency} onChange={setCurrency} isRequired />
        <Button type="submit" variant="primary">
          {trans('Start run')}
        </Button>
      </form>
      <div aria-live="polite">
        {error && <p className="text-danger">{error}</p>}
        {notice && <p>{notice}</p>}
      </div>
      {runs.data && runs.data.runs.length === 0 && <p className="text-muted">{trans('No run yet.')}</p>}
      {runs.data && runs.data.runs.length > 0 && (
        <table className="w-full text-left text-sm">
          <caption className="mb-2 text-left text-lg font-semibold">{trans('Runs')}</caption>
          <thead>
            <tr className="border-b border-divider">
              <th scope="col">{trans('Month')}</th>
              <th scope="col">{trans('Status')}</th>
              <th scope="col">{trans('Money in')}</th>
              <th scope="col">{trans('Platform share')}</th>
              <th scope="col">{trans('Paid out')}</th>
              <th scope="col">{trans('Rolled over')}</th>
              <th scope="col">{trans('Actions')}</th>
            </tr>
          </thead>
          <tbody>
            {runs.data.runs.map((run) => (
              <tr key={run.id} className="border-b border-divider">
                <th scope="row">
                  {run.period} {run.currency}
                </th>
                <td>{statusOf(run)}</td>
                <td>{money(run.money_in, run.currency)}</td>
                <td>{money(run.platform_share + run.unallocated, run.currency)}</td>
                <td>{money(run.paid_out, run.currency)}</td>
                <td>{money(run.rolled_over, run.currency)}</td>
                <td className="flex flex-wrap gap-2 py-1">
                  <Button
                    size="xs"
                    variant="outline"
                    onPress={() => setOpen(open === run.id ? null : run.id)}
                  >
                    {open === run.id ? trans('Hide artists') : trans('Review')}
                  </Button>
                  {run.status === 'failed' && recompute(run, trans('Retry'))}
                  {run.status === 'review' && (
                    <>
                      {recompute(run, trans('Recompute'))}
                      <Button
                        size="xs"
                        variant="primary"
                        onPress={() =>
                          void act(
                            () => apiClient.post(`${RUNS}/${run.id}/close`),
                            trans('The run was closed.'),
                          )
                        }
                      >
                        {trans('Close')}
                      </Button>
                    </>
                  )}
                  {run.status === 'closed' && (
                    <>
                      <a
                        className="underline"
                        href={`/api/v1/${RUNS}/${run.id}/export`}
                        download={`payouts-${run.period}-${run.currency}.csv`}
                      >
                        {trans('Export payout file')}
                      </a>
                      <Button
                        size="xs"
                        variant="primary"
                        onPress={() =>
                          void act(
                            () => apiClient.post(`${RUNS}/${run.id}/paid`, {}),
                            trans('Payouts marked paid.'),
                          )
                        }
                      >
                        {trans('Mark paid')}
                      </Button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {runs.data?.runs
        .filter((run) => run.id === open)
        .map((run) => (
          <RunArtists key={run.id} run={run} />
        ))}
    </section>
  );
}
