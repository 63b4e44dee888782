import { useTrans } from '@cadence/app-shell/use-trans';
import { numberFormat } from '@cadence/contracts/number-format';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

/**
 * Charts of the admin and the backstage, drawn by recharts (a maintained library). Each chart is
 * one image for assistive technology (`role="img"` with a summary label) followed by the same
 * figures as a real table behind a disclosure: screen reader and keyboard users read the table.
 */

export type TSeriesPoint = { date: string; value: number; previous: number };
export type TBreakdownRow = { value: string; plays: number; previous: number };

const PRIMARY = 'var(--color-primary)';
const MUTED = 'var(--color-muted)';
const GRID = 'var(--color-divider)';

const axisTick = { fill: 'var(--color-muted)', fontSize: 12 };

/** 1234 -> "1,234" in the reader's language. */
export function formatCount(value: number, language?: string): string {
  return numberFormat(language).format(value);
}

/** "+12%" / "-3%" against the previous period, or null when there was nothing before. */
export function changePercent(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 100);
}

function ChartFrame({
  title,
  summary,
  children,
  table,
  testId,
  height = 224,
}: {
  title: string;
  summary: string;
  children: ReactNode;
  table: ReactNode;
  testId?: string;
  /** Pixels; bar charts grow with their rows. */
  height?: number;
}) {
  const { trans } = useTrans();
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-3 rounded-panel border border-divider bg-paper p-4"
      data-testid={testId}
    >
      <h2 id={headingId} className="text-base font-semibold">
        {title}
      </h2>
      <div role="img" aria-label={summary} className="w-full min-w-0" style={{ height }}>
        {children}
      </div>
      <details className="text-sm">
        <summary className="inline-flex min-h-6 cursor-pointer items-center rounded-input text-primary underline outline-none focus-visible:ring-2 focus-visible:ring-focus">
          {trans('Show the figures as a table')}
        </summary>
        <div className="mt-2 max-h-80 overflow-auto">{table}</div>
      </details>
    </section>
  );
}

const cell = 'border-b border-divider px-2 py-1 text-left font-normal';

/** Plays (or views) per day with the previous period's value on the same offset. */
export function TimeSeriesChart({
  title,
  data,
  valueLabel,
  previousLabel,
  testId,
}: {
  title: string;
  data: TSeriesPoint[];
  valueLabel: string;
  previousLabel: string;
  testId?: string;
}) {
  const { trans } = useTrans();
  const total = data.reduce((sum, point) => sum + point.value, 0);
  const previousTotal = data.reduce((sum, point) => sum + point.previous, 0);
  const peak = data.reduce<TSeriesPoint | null>(
    (best, point) => (!best || point.value > best.value ? point : best),
    null,
  );
  const counts = { title, total: String(total), days: String(data.length), previous: String(previousTotal) };
  const summary =
    peak && peak.value > 0
      ? trans(':title: :total in :days days (:previous the period before), highest on :day.', {
          ...counts,
          day: peak.date,
        })
      : trans(':title: :total in :days days (:previous the period before).', counts);
  return (
    <ChartFrame
      title={title}
      summary={summary}
      testId={testId}
      table={
        <table className="w-full text-sm">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr>
              <th scope="col" className={cell}>
                {trans('Date')}
              </th>
              <th scope="col" className={cell}>
                {valueLabel}
              </th>
              <th scope="col" className={cell}>
                {previousLabel}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.map((point) => (
              <tr key={point.date}>
                <th scope="row" className={cell}>
                  {point.date}
                </th>
                <td className={cell}>{point.value}</td>
                <td className={cell}>{point.previous}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <ResponsiveContainer
        width="100%"
        height="100%"
        minWidth={0}
        initialDimension={{ width: 600, height: 224 }}
      >
        <LineChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid stroke={GRID} strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="date" tick={axisTick} tickLine={false} axisLine={false} minTickGap={24} />
          <YAxis allowDecimals={false} tick={axisTick} tickLine={false} axisLine={false} width={48} />
          <Tooltip
            contentStyle={{
              background: 'var(--color-paper)',
              border: '1px solid var(--color-divider)',
              color: 'var(--color-fg)',
            }}
          />
          <Line
            type="linear"
            dataKey="previous"
            name={previousLabel}
            stroke={MUTED}
            strokeDasharray="4 4"
            dot={false}
            isAnimationActive={false}
          />
          <Line
            type="linear"
            dataKey="value"
            name={valueLabel}
            stroke={PRIMARY}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}

/** A ranking (devices, sources, countries...) as horizontal bars. */
export function BreakdownChart({
  title,
  rows,
  valueLabel,
  labelOf = (value) => value,
  testId,
}: {
  title: string;
  rows: TBreakdownRow[];
  valueLabel: string;
  labelOf?: (value: string) => string;
  testId?: string;
}) {
  const { trans } = useTrans();
  const data = rows.slice(0, 10).map((row) => ({ ...row, label: labelOf(row.value) }));
  const summary =
    data.length === 0
      ? trans(':title: no data for this period.', { title })
      : trans(':title: :list.', {
          title,
          list: data.map((row) => `${row.label} ${row.plays}`).join(', '),
        });
  return (
    <ChartFrame
      title={title}
      summary={summary}
      testId={testId}
      height={data.length === 0 ? 96 : Math.max(96, data.length * 32 + 40)}
      table={
        <table className="w-full text-sm">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr>
              <th scope="col" className={cell}>
                {title}
              </th>
              <th scope="col" className={cell}>
                {valueLabel}
              </th>
              <th scope="col" className={cell}>
                {trans('Period before')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.value}>
                <th scope="row" className={cell}>
                  {labelOf(row.value)}
                </th>
                <td className={cell}>{row.plays}</td>
                <td className={cell}>{row.previous}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      {data.length === 0 ? (
        <p className="flex h-full items-center justify-center text-sm text-muted">
          {trans('No data for this period.')}
        </p>
      ) : (
        <ResponsiveContainer
          width="100%"
          height="100%"
          minWidth={0}
          initialDimension={{ width: 400, height: 224 }}
        >
          <BarChart
            data={data}
            layout="vertical"
            accessibilityLayer={false}
            margin={{ top: 0, right: 16, bottom: 0, left: 0 }}
          >
            <CartesianGrid stroke={GRID} strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" allowDecimals={false} tick={axisTick} tickLine={false} axisLine={false} />
            <YAxis
              type="category"
              dataKey="label"
              tick={axisTick}
              tickLine={false}
              axisLine={false}
              width={96}
            />
            <Tooltip
              cursor={{ fill: 'var(--color-divider)' }}
              contentStyle={{
                background: 'var(--color-paper)',
                border: '1px solid var(--color-divider)',
                color: 'var(--color-fg)',
              }}
            />
            <Bar
              dataKey="plays"
              name={valueLabel}
              fill={PRIMARY}
              radius={[0, 4, 4, 0]}
              isAnimationActive={false}
            />
          </BarChart>
        </ResponsiveContainer>
      )}
    </ChartFrame>
  );
}

export type TStackedSeries = { key: string; label: string };
export type TStackedPoint = { label: string; values: Record<string, number> };

/** Totals per period (a month...) split into stacked parts (plans and ads...), formatted by `formatValue`. */
export function StackedBarChart({
  title,
  data,
  series,
  formatValue = (value) => String(value),
  testId,
}: {
  title: string;
  data: TStackedPoint[];
  series: TStackedSeries[];
  formatValue?: (value: number) => string;
  testId?: string;
}) {
  const { trans } = useTrans();
  const rows = data.map((point) => ({ label: point.label, ...point.values }));
  const summary =
    data.length === 0
      ? trans(':title: no data for this period.', { title })
      : trans(':title: :list.', {
          title,
          list: data
            .map(
              (point) =>
                `${point.label}: ${series.map((part) => `${part.label} ${formatValue(point.values[part.key] ?? 0)}`).join(', ')}`,
            )
            .join('; '),
        });
  const colors = [PRIMARY, MUTED];
  return (
    <ChartFrame
      title={title}
      summary={summary}
      testId={testId}
      table={
        <table className="w-full text-sm">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr>
              <th scope="col" className={cell}>
                {trans('Period')}
              </th>
              {series.map((part) => (
                <th key={part.key} scope="col" className={cell}>
                  {part.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.map((point) => (
              <tr key={point.label}>
                <th scope="row" className={cell}>
                  {point.label}
                </th>
                {series.map((part) => (
                  <td key={part.key} className={cell}>
                    {formatValue(point.values[part.key] ?? 0)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <ResponsiveContainer
        width="100%"
        height="100%"
        minWidth={0}
        initialDimension={{ width: 600, height: 224 }}
      >
        <BarChart data={rows} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid stroke={GRID} strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={axisTick} tickLine={false} axisLine={false} />
          <YAxis tick={axisTick} tickLine={false} axisLine={false} width={64} tickFormatter={formatValue} />
          <Tooltip
            cursor={{ fill: 'var(--color-divider)' }}
            formatter={(value) => formatValue(Number(value))}
            contentStyle={{
              background: 'var(--color-paper)',
              border: '1px solid var(--color-divider)',
              color: 'var(--color-fg)',
            }}
          />
          {series.map((part, index) => (
            <Bar
              key={part.key}
              dataKey={part.key}
              name={part.label}
              stackId="total"
              fill={colors[index % colors.length]}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}

/** A total this period, the one before and the change. */
export function StatCard({ label, current, previous }: { label: string; current: number; previous: number }) {
  const { trans } = useTrans();
  const change = changePercent(current, previous);
  return (
    <li className="flex flex-col gap-1 rounded-panel border border-divider bg-paper p-4">
      <span className="text-sm text-muted">{label}</span>
      <span className="text-2xl font-semibold">{formatCount(current)}</span>
      <span className="text-xs text-muted">
        {trans('Period before: :value', { value: formatCount(previous) })}
      </span>
      <span className="text-xs text-muted">
        {change === null
          ? current === 0
            ? trans('No change')
            : trans('New this period')
          : trans(
              change >= 0 ? ':percent% more than the period before' : ':percent% less than the period before',
              {
                percent: String(Math.abs(change)),
              },
            )}
      </span>
    </li>
  );
}

/** A top list (tracks, albums, artists, genres) as an ordered table with links when given. */
export function RankedTable({
  title,
  rows,
  valueLabel,
  hrefOf,
  testId,
}: {
  title: string;
  rows: { id: number; name: string; plays: number }[];
  valueLabel: string;
  hrefOf?: (row: { id: number; name: string }) => string | null;
  testId?: string;
}) {
  const { trans } = useTrans();
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-2 rounded-panel border border-divider bg-paper p-4"
      data-testid={testId}
    >
      <h2 id={headingId} className="text-base font-semibold">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="text-sm text-muted">{trans('No data for this period.')}</p>
      ) : (
        <table className="w-full text-sm">
          <thead>
            <tr>
              <th scope="col" className={cell}>
                #
              </th>
              <th scope="col" className={cell}>
                {trans('Name')}
              </th>
              <th scope="col" className={`${cell} text-right`}>
                {valueLabel}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const href = hrefOf?.(row);
              return (
                <tr key={row.id}>
                  <td className={cell}>{index + 1}</td>
                  <th scope="row" className={cell}>
                    {href ? (
                      <Link to={href} className="text-primary underline">
                        {row.name}
                      </Link>
                    ) : (
                      row.name
                    )}
                  </th>
                  <td className={`${cell} text-right`}>{formatCount(row.plays)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
