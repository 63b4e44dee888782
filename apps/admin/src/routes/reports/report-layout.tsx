import { downloadCsv, PeriodPicker, type TPeriod, usePeriod } from '@cadence/admin-kit/period-picker';
import { useTrans } from '@cadence/app-shell/use-trans';
import { apiClient } from '@cadence/http-client/http-client';
import { Button } from '@cadence/ui/button';
import { Spinner } from '@cadence/ui/spinner';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import DownloadIcon from 'lucide-react/icons/download';
import type { ReactNode } from 'react';

/** A report's data for the period in the address. */
export function useReport<T>(path: string): {
  period: TPeriod;
  setPeriod: (p: TPeriod) => void;
  query: ReturnType<typeof useQuery<T>>;
} {
  const [period, setPeriod] = usePeriod();
  const query = useQuery<T>({
    queryKey: ['admin-report', path, period],
    queryFn: () =>
      apiClient.get<T>(path, {
        params: {
          range: period.range,
          ...(period.range === 'custom' ? { from: period.from, to: period.to } : {}),
        },
      }),
    placeholderData: keepPreviousData,
  });
  return { period, setPeriod, query };
}

/** Heading, period picker, CSV button, and the loading / error states around a report's body. */
export function ReportLayout<T>({
  title,
  testId,
  report,
  csv,
  children,
}: {
  title: string;
  testId: string;
  report: ReturnType<typeof useReport<T>>;
  csv: (data: T) => { fileName: string; rows: (string | number | null)[][] };
  children: (data: T) => ReactNode;
}) {
  const { trans } = useTrans();
  const { query, period, setPeriod } = report;
  const data = query.data;
  return (
    <section className="flex flex-col gap-4" data-testid={testId}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-semibold">{title}</h1>
        <div className="flex flex-wrap items-end gap-2">
          <PeriodPicker period={period} onChange={setPeriod} />
          <Button
            variant="outline"
            isDisabled={!data}
            onPress={() => {
              if (!data) return;
              const file = csv(data);
              downloadCsv(file.fileName, file.rows);
            }}
          >
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
          {children(data)}
        </div>
      )}
    </section>
  );
}
