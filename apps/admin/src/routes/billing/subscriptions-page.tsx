import { DataTablePage } from '@cadence/admin-kit/data-table-page';
import { adminListKey } from '@cadence/admin-kit/use-admin-list';
import { openDialog } from '@cadence/app-shell/modal-store';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TProduct, TSubscription } from '@cadence/contracts/billing';
import type { TPagination } from '@cadence/contracts/pagination';
import { apiClient } from '@cadence/http-client/http-client';
import { Button } from '@cadence/ui/button';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { runRowAction } from '../music/run-action';
import { GrantSubscriptionDialog } from './grant-subscription-dialog';
import { PLANS_ENDPOINT } from './plans-page';

const ENDPOINT = 'billing/admin/subscriptions';
const date = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : '—');

function stateOf(subscription: TSubscription) {
  if (!subscription.valid) return 'Ended';
  if (subscription.on_grace_period) return 'Cancelled';
  if (subscription.status === 'past_due') return 'Past due';
  return 'Active';
}

/** /admin/subscriptions (spec 2.12, subscriptions.update): filter by state, provider and plan; cancel or resume. */
export function SubscriptionsPage() {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const plans = useQuery({
    queryKey: ['admin-list', PLANS_ENDPOINT, 'all'],
    queryFn: () => apiClient.get<TPagination<TProduct>>(PLANS_ENDPOINT),
  });
  const columns = useMemo<ColumnDef<TSubscription>[]>(() => {
    const act = (subscription: TSubscription, action: 'cancel' | 'resume') =>
      runRowAction({
        endpoint: ENDPOINT,
        queryClient,
        call: () => apiClient.post(`${ENDPOINT}/${subscription.id}/${action}`, {}),
        done: action === 'cancel' ? trans('Subscription cancelled') : trans('Subscription resumed'),
        failed: trans('There was an issue. Please try again.'),
        confirm:
          action === 'cancel'
            ? {
                title: trans('Cancel this subscription?'),
                body: trans(':user loses the plan now, without a refund.', {
                  user: subscription.user?.email ?? '',
                }),
                confirmLabel: trans('Cancel subscription'),
                isDanger: true,
              }
            : undefined,
      });
    return [
      {
        id: 'user',
        header: trans('User'),
        cell: ({ row }) =>
          row.original.user ? (
            <Link to={`/users/${row.original.user.id}`} className="underline">
              {row.original.user.email}
            </Link>
          ) : (
            '—'
          ),
      },
      { id: 'plan', header: trans('Plan'), cell: ({ row }) => row.original.product?.name ?? '—' },
      {
        id: 'status',
        header: trans('Status'),
        cell: ({ row }) => <span data-testid="subscription-state">{trans(stateOf(row.original))}</span>,
      },
      {
        id: 'gateway',
        header: trans('Provider'),
        cell: ({ row }) =>
          ({ stripe: 'Stripe', paypal: 'PayPal', none: trans('None (by hand)') })[row.original.gateway_name],
        meta: { hideOnMobile: true },
      },
      {
        id: 'renews_at',
        header: trans('Renews'),
        enableSorting: true,
        cell: ({ row }) => date(row.original.renews_at),
        meta: { hideOnMobile: true },
      },
      {
        id: 'ends_at',
        header: trans('Ends'),
        enableSorting: true,
        cell: ({ row }) => date(row.original.ends_at),
        meta: { hideOnMobile: true },
      },
      {
        id: 'created_at',
        header: trans('Created'),
        enableSorting: true,
        cell: ({ row }) => date(row.original.created_at),
        meta: { hideOnMobile: true },
      },
      {
        id: 'actions',
        header: trans('Actions'),
        cell: ({ row }) =>
          row.original.valid && !row.original.on_grace_period ? (
            <Button
              size="xs"
              variant="outline"
              aria-label={trans('Cancel the subscription of :user', { user: row.original.user?.email ?? '' })}
              onPress={() => void act(row.original, 'cancel')}
            >
              {trans('Cancel')}
            </Button>
          ) : row.original.on_grace_period ||
            (row.original.gateway_name === 'none' && !row.original.valid) ? (
            <Button
              size="xs"
              variant="outline"
              aria-label={trans('Resume the subscription of :user', { user: row.original.user?.email ?? '' })}
              onPress={() => void act(row.original, 'resume')}
            >
              {trans('Resume')}
            </Button>
          ) : null,
      },
    ];
  }, [trans, queryClient]);
  return (
    <DataTablePage<TSubscription>
      title={trans('Subscriptions')}
      endpoint={ENDPOINT}
      columns={columns}
      getRowId={(row) => String(row.id)}
      searchLabel={trans('Search by user')}
      defaultOrderBy="created_at"
      filters={[
        {
          key: 'state',
          label: trans('Status'),
          options: [
            { value: 'active', label: trans('Active') },
            { value: 'on_grace', label: trans('Cancelled') },
            { value: 'past_due', label: trans('Past due') },
            { value: 'ended', label: trans('Ended') },
          ],
        },
        {
          key: 'gateway',
          label: trans('Provider'),
          options: [
            { value: 'stripe', label: 'Stripe' },
            { value: 'paypal', label: 'PayPal' },
            { value: 'none', label: trans('None (by hand)') },
          ],
        },
        {
          key: 'product',
          label: trans('Plan'),
          options: (plans.data?.pagination.data ?? []).map((plan) => ({
            value: String(plan.id),
            label: plan.name,
          })),
        },
      ]}
      actions={
        <Button
          onPress={async () => {
            const granted = await openDialog<boolean>((close) => (
              <GrantSubscriptionDialog plans={plans.data?.pagination.data ?? []} close={close} />
            ));
            if (granted) await queryClient.invalidateQueries({ queryKey: adminListKey(ENDPOINT) });
          }}
        >
          {trans('Grant subscription')}
        </Button>
      }
      emptyMessage={trans('No subscriptions yet')}
    />
  );
}
