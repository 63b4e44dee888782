import { toast } from '@cadence/app-shell/toast-store';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TGenerateSitemapResponse, TQueueStatus } from '@cadence/contracts/settings-api';
import { apiClient } from '@cadence/http-client/http-client';
import { isHttpError } from '@cadence/http-client/http-error';
import { Button } from '@cadence/ui/button';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { queueQuery, SETTINGS_QUERY_KEY } from './settings-queries';

function failureToast(error: unknown) {
  toast.danger(isHttpError(error) ? error.message : 'There was an issue. Please try again.');
}

/** Cache tab: drop the caches; the api rebuilds them from the database. */
export function ClearCachePanel() {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const clear = useMutation({
    mutationFn: () => apiClient.post<{ message: string }>('settings/cache/clear'),
    onSuccess: () => {
      toast.positive(trans('Cache cleared'));
      void queryClient.invalidateQueries({ queryKey: SETTINGS_QUERY_KEY });
    },
    onError: failureToast,
  });
  return (
    <section
      aria-labelledby="clear-cache-title"
      className="flex max-w-2xl flex-col gap-2 rounded-panel border border-divider p-4"
    >
      <h2 id="clear-cache-title" className="font-semibold">
        {trans('Clear cache')}
      </h2>
      <p className="text-sm text-muted">
        {trans('Drops cached settings, bootstrap data and sessions; they are read again from the database.')}
      </p>
      <div>
        <Button variant="outline" isDisabled={clear.isPending} onPress={() => clear.mutate()}>
          {trans('Clear cache')}
        </Button>
      </div>
    </section>
  );
}

function workerLabel(worker: TQueueStatus['worker']): string {
  if (worker === 'running') return 'Running in this process';
  if (worker === 'paused') return 'Paused';
  return 'Separate worker process';
}

/** Queue tab: the driver in use, the worker, counts and failed jobs with retry. */
export function QueuePanel() {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const queue = useQuery(queueQuery());
  const retry = useMutation({
    mutationFn: (id: string) =>
      apiClient.post<{ message: string }>(`settings/queue/failed/${encodeURIComponent(id)}/retry`),
    onSuccess: () => {
      toast.positive(trans('Job queued again'));
      void queryClient.invalidateQueries({ queryKey: queueQuery().queryKey });
    },
    onError: failureToast,
  });
  if (queue.isPending) return <p className="text-muted">{trans('Loading...')}</p>;
  if (queue.isError || !queue.data)
    return <p role="alert">{trans('There was an issue. Please try again.')}</p>;
  const status = queue.data;
  return (
    <section aria-labelledby="queue-title" className="flex max-w-3xl flex-col gap-4">
      <h2 id="queue-title" className="text-lg font-semibold">
        {trans('Queue status')}
      </h2>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-sm" data-testid="queue-status">
        <dt className="text-muted">{trans('Driver in use')}</dt>
        <dd>{status.driver === 'redis' ? trans('Redis (BullMQ)') : trans('In process (sync)')}</dd>
        <dt className="text-muted">{trans('Worker')}</dt>
        <dd>{trans(workerLabel(status.worker))}</dd>
        <dt className="text-muted">{trans('Waiting')}</dt>
        <dd>{status.counts.waiting}</dd>
        <dt className="text-muted">{trans('Running')}</dt>
        <dd>{status.counts.active}</dd>
        <dt className="text-muted">{trans('Failed')}</dt>
        <dd>{status.counts.failed}</dd>
      </dl>
      <h3 className="font-semibold">{trans('Failed jobs')}</h3>
      {status.failed.length === 0 ? (
        <p className="text-sm text-muted">{trans('No failed jobs.')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-sm">
            <thead>
              <tr>
                {[trans('Job'), trans('Failed at'), trans('Attempts'), trans('Error'), trans('Actions')].map(
                  (head) => (
                    <th
                      key={head}
                      scope="col"
                      className="border-b border-divider px-3 py-2 text-left font-medium text-muted"
                    >
                      {head}
                    </th>
                  ),
                )}
              </tr>
            </thead>
            <tbody>
              {status.failed.map((job) => (
                <tr key={job.id}>
                  <td className="border-b border-divider px-3 py-2">{job.name}</td>
                  <td className="border-b border-divider px-3 py-2 whitespace-nowrap">
                    {job.failed_at ? new Date(job.failed_at).toLocaleString() : '—'}
                  </td>
                  <td className="border-b border-divider px-3 py-2">{job.attempts}</td>
                  <td className="border-b border-divider px-3 py-2 break-all">{job.error}</td>
                  <td className="border-b border-divider px-3 py-2">
                    <Button
                      variant="outline"
                      size="sm"
                      isDisabled={retry.isPending}
                      aria-label={trans('Retry :job', { job: job.name })}
                      onPress={() => retry.mutate(job.id)}
                    >
                      {trans('Retry')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** General tab: write sitemap.xml now (the schedule writes it daily too). */
export function SitemapPanel() {
  const { trans } = useTrans();
  const [result, setResult] = useState<TGenerateSitemapResponse | null>(null);
  const generate = useMutation({
    mutationFn: () => apiClient.post<TGenerateSitemapResponse>('settings/sitemap/generate'),
    onSuccess: (answer) => {
      setResult(answer);
      toast.positive(trans('Sitemap generated'));
    },
    onError: failureToast,
  });
  return (
    <section
      aria-labelledby="sitemap-title"
      className="flex max-w-2xl flex-col gap-2 rounded-panel border border-divider p-4"
    >
      <h2 id="sitemap-title" className="font-semibold">
        {trans('Sitemap')}
      </h2>
      <p className="text-sm text-muted">
        {trans(
          'Search engines find every artist, album, track, playlist, channel and page through sitemap.xml. It is rewritten daily.',
        )}
      </p>
      {result && (
        <p className="text-sm" role="status">
          {trans('Wrote :urls addresses in :files files:', {
            urls: String(result.urls),
            files: String(result.files),
          })}{' '}
          <a href={result.url} target="_blank" rel="noreferrer" className="text-primary underline">
            {result.url}
          </a>
        </p>
      )}
      <div>
        <Button variant="outline" isDisabled={generate.isPending} onPress={() => generate.mutate()}>
          {trans('Generate sitemap')}
        </Button>
      </div>
    </section>
  );
}
