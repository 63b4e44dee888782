import { useTrans } from '@cadence/app-shell/use-trans';
import { INSIGHT_RANGES, type TInsightRange, toCsv, ZInsightsQuerySchema } from '@cadence/contracts/insights';
import { Button } from '@cadence/ui/button';
import { type FormEvent, useId, useState } from 'react';
import { useSearchParams } from 'react-router';

export type TPeriod = { range: TInsightRange; from?: string; to?: string };

const LABELS: Record<TInsightRange, string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  '12m': 'Last 12 months',
  custom: 'Custom range',
};

/** The period in the address (`?range=30d` or `?range=custom&from=...&to=...`); bad values fall back to 30 days. */
export function usePeriod(): [TPeriod, (period: TPeriod) => void] {
  const [params, setParams] = useSearchParams();
  const parsed = ZInsightsQuerySchema.safeParse({
    range: params.get('range') ?? undefined,
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
  });
  const period: TPeriod = parsed.success ? parsed.data : { range: '30d' };
  const setPeriod = (next: TPeriod) => {
    const search: Record<string, string> = { range: next.range };
    if (next.range === 'custom' && next.from && next.to)
      Object.assign(search, { from: next.from, to: next.to });
    setParams(search, { replace: true });
  };
  return [period, setPeriod];
}

const control =
  'h-10 rounded-input border border-divider bg-paper px-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-primary';

/** 7, 30, 90 days, 12 months or a custom range (validated by the contract before it is applied). */
export function PeriodPicker({ period, onChange }: { period: TPeriod; onChange: (period: TPeriod) => void }) {
  const { trans } = useTrans();
  const selectId = useId();
  const fromId = useId();
  const toId = useId();
  const errorId = useId();
  const [choice, setChoice] = useState<TInsightRange>(period.range);
  const [from, setFrom] = useState(period.from ?? '');
  const [to, setTo] = useState(period.to ?? '');
  const [error, setError] = useState<string | null>(null);

  const applyCustom = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZInsightsQuerySchema.safeParse({
      range: 'custom',
      from: from || undefined,
      to: to || undefined,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? trans('There was an issue. Please try again.'));
      return;
    }
    setError(null);
    onChange(parsed.data);
  };

  return (
    <form className="flex flex-wrap items-end gap-2" onSubmit={applyCustom}>
      <div className="flex flex-col gap-1">
        <label htmlFor={selectId} className="text-sm text-muted">
          {trans('Period')}
        </label>
        <select
          id={selectId}
          value={choice}
          onChange={(event) => {
            const next = event.target.value as TInsightRange;
            setChoice(next);
            if (next !== 'custom') {
              setError(null);
              onChange({ range: next });
            }
          }}
          className={control}
        >
          {INSIGHT_RANGES.map((range) => (
            <option key={range} value={range}>
              {trans(LABELS[range])}
            </option>
          ))}
        </select>
      </div>
      {choice === 'custom' && (
        <>
          <div className="flex flex-col gap-1">
            <label htmlFor={fromId} className="text-sm text-muted">
              {trans('From')}
            </label>
            <input
              id={fromId}
              type="date"
              value={from}
              onChange={(event) => setFrom(event.target.value)}
              aria-describedby={error ? errorId : undefined}
              className={control}
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={toId} className="text-sm text-muted">
              {trans('To')}
            </label>
            <input
              id={toId}
              type="date"
              value={to}
              onChange={(event) => setTo(event.target.value)}
              aria-describedby={error ? errorId : undefined}
              className={control}
            />
          </div>
          <Button type="submit" variant="outline">
            {trans('Apply')}
          </Button>
          {error && (
            <p id={errorId} role="alert" className="basis-full text-sm text-danger">
              {trans(error)}
            </p>
          )}
        </>
      )}
    </form>
  );
}

/** Saves rows as a CSV file (cells quoted, formula-looking cells neutralised by the contract's `toCsv`). */
export function downloadCsv(fileName: string, rows: (string | number | null)[][]): void {
  const blob = new Blob([`\uFEFF${toCsv(rows)}\r\n`], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** One CSV for a whole report: each section is a title row, a header row and its rows. */
export function reportCsv(
  sections: { title: string; header: string[]; rows: (string | number | null)[][] }[],
): (string | number | null)[][] {
  const out: (string | number | null)[][] = [];
  for (const section of sections) {
    if (out.length > 0) out.push([]);
    out.push([section.title], section.header, ...section.rows);
  }
  return out;
}
