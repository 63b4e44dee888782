import { DataTablePage, type TBulkAction } from '@cadence/admin-kit/data-table-page';
import { adminListKey } from '@cadence/admin-kit/use-admin-list';
import { openDialog } from '@cadence/app-shell/modal-store';
import { toast } from '@cadence/app-shell/toast-store';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TWebhookEvent, TWebhookEventAnswer, TWebhookRetryAnswer } from '@cadence/contracts/billing';
import { apiClient } from '@cadence/http-client/http-client';
import { isHttpError } from '@cadence/http-client/http-error';
import { Button } from '@cadence/ui/button';
import { useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { dateTime, EventDialog, PROVIDERS, StatusText } from './webhook-event-dialog';

export const WEBHOOKS_ENDPOINT = 'billing/admin/webhook-events';

/** /admin/billing/webhooks (subscriptions.update): stored provider events, their status, Retry now. */
export function WebhooksPage() {
  const { trans } = useTrans();
  const queryClient = useQueryClient();

  async function retry(ids: number[]): Promise<boolean> {
    try {
      const answer = await apiClient.post<TWebhookRetryAnswer>(`${WEBHOOKS_ENDPOINT}/retry`, { ids });
      toast.positive(
        answer.queued === 1
          ? trans('1 event queued again')
          : trans('{count, plural, one {# event queued again} other {# events queued again}}', {
              count: String(answer.queued),
            }),
      );
    } catch (error) {
      toast.danger(isHttpError(error) ? error.message : trans('There was an issue. Please try again.'));
      return false;
    }
    // Not awaited: the selection clears now, before the reloaded rows show (see TBulkAction).
    void queryClient.invalidateQueries({ queryKey: adminListKey(WEBHOOKS_ENDPOINT) });
    return true;
  }

  const columns = useMemo<ColumnDef<TWebhookEvent>[]>(() => {
    async function showEvent(row: TWebhookEvent) {
      try {
        const { event } = await apiClient.get<TWebhookEventAnswer>(`${WEBHOOKS_ENDPOINT}/${row.id}`);
        await openDialog<void>((close) => <EventDialog event={event} close={() => close()} />);
      } catch (error) {
        toast.danger(isHttpError(error) ? error.message : trans('There was an issue. Please try again.'));
      }
    }
    return [
      {
        id: 'event_id',
        header: trans('Event'),
        cell: ({ row }) => (
          <Button
            size="xs"
            variant="text"
            className="font-mono underline"
            aria-label={trans('Show event :id', { id: row.original.event_id })}
            onPress={() => void showEvent(row.original)}
          >
            {row.original.event_id}
          </Button>
        ),
      },
      { id: 'event_type', header: trans('Type'), cell: ({ row }) => row.original.event_type },
      {
        id: 'provider',
        header: trans('Provider'),
        cell: ({ row }) => PROVIDERS[row.original.provider],
        meta: { hideOnMobile: true },
      },
      {
        id: 'received_at',
        header: trans('Received'),
        enableSorting: true,
        cell: ({ row }) => dateTime(row.original.received_at),
        meta: { hideOnMobile: true },
      },
      {
        id: 'status',
        header: trans('Status'),
        cell: ({ row }) => (
          <span data-testid="webhook-status">
            <StatusText event={row.original} />
          </span>
        ),
      },
      {
        id: 'last_error',
        header: trans('Last error'),
        cell: ({ row }) => (
          <span className="line-clamp-2 break-words text-xs" title={row.original.last_error ?? undefined}>
            {row.original.last_error ?? '—'}
          </span>
        ),
        meta: { hideOnMobile: true },
      },
      {
        id: 'actions',
        header: trans('Actions'),
        cell: ({ row }) =>
          row.original.status === 'applied' ? null : (
            <Button
              size="xs"
              variant="outline"
              aria-label={trans('Retry now (:id)', { id: row.original.event_id })}
              onPress={() => void retry([row.original.id])}
            >
              {trans('Retry now')}
            </Button>
          ),
      },
    ];
  }, [trans]);

  const bulkActions: TBulkAction[] = [
    { label: trans('Retry now'), variant: 'outline', onAction: (ids) => retry(ids.map(Number)) },
  ];

  return (
    <DataTablePage<TWebhookEvent>
      title={trans('Webhook events')}
      endpoint={WEBHOOKS_ENDPOINT}
      columns={columns}
      getRowId={(row) => String(row.id)}
      rowLabel={(row) => row.event_id}
      searchLabel={trans('Search by event id')}
      defaultOrderBy="received_at"
      filters={[
        {
          key: 'provider',
          label: trans('Provider'),
          options: [
            { value: 'stripe', label: 'Stripe' },
            { value: 'paypal', label: 'PayPal' },
          ],
        },
        {
          key: 'status',
          label: trans('Status'),
          options: [
            { value: 'applied', label: trans('Applied') },
            { value: 'pending', label: trans('Pending') },
            { value: 'failed', label: trans('Failed') },
          ],
        },
      ]}
      bulkActions={bulkActions}
      description={
        <p className="text-sm text-muted">
          {trans(
            'Events the payment providers sent. A failed event is tried again later, less and less often; Retry now queues it at once.',
          )}
        </p>
      }
      emptyMessage={trans('No webhook events yet')}
    />
  );
}
