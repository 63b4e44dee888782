import { DataTablePage } from '@cadence/admin-kit/data-table-page';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TProduct } from '@cadence/contracts/billing';
import { formatDisplayPrice } from '@cadence/contracts/pricing';
import { apiClient } from '@cadence/http-client/http-client';
import { Button } from '@cadence/ui/button';
import { buttonClasses } from '@cadence/ui/button-styles';
import { useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { runRowAction } from '../music/run-action';
import { PlanNotes } from './plan-notes';

export const PLANS_ENDPOINT = 'billing/admin/products';

const subscribers = (plan: TProduct) =>
  plan.prices.reduce((total, price) => total + (price.subscriptions_count ?? 0), 0);

/** /admin/plans (spec 2.12, plans.update): every plan with its prices; a plan with subscribers is hidden, not deleted. */
export function PlansPage() {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const columns = useMemo<ColumnDef<TProduct>[]>(
    () => [
      {
        id: 'name',
        header: trans('Name'),
        cell: ({ row }) => (
          <div className="flex flex-col gap-1">
            <Link to={`/plans/${row.original.id}/edit`} className="font-medium underline">
              {row.original.name}
            </Link>
            <PlanNotes plan={row.original} endpoint={PLANS_ENDPOINT} />
          </div>
        ),
      },
      {
        id: 'prices',
        header: trans('Prices'),
        cell: ({ row }) =>
          row.original.free
            ? trans('Free')
            : row.original.prices
                .filter((price) => !price.archived)
                .map(
                  (price) =>
                    `${formatDisplayPrice(price)} / ${price.interval}${price.interval_count > 1 ? ` (x${price.interval_count})` : ''}`,
                )
                .join(', '),
      },
      {
        id: 'flags',
        header: trans('Shown as'),
        cell: ({ row }) =>
          [
            row.original.hidden ? trans('Hidden') : trans('Visible'),
            row.original.recommended && trans('Recommended'),
          ]
            .filter(Boolean)
            .join(', '),
        meta: { hideOnMobile: true },
      },
      {
        id: 'subscribers',
        header: trans('Subscribers'),
        cell: ({ row }) => subscribers(row.original),
      },
      {
        id: 'actions',
        header: trans('Actions'),
        cell: ({ row }) => (
          <Button
            size="xs"
            variant="outline"
            aria-label={trans('Delete :name', { name: row.original.name })}
            onPress={() =>
              void runRowAction({
                endpoint: PLANS_ENDPOINT,
                queryClient,
                call: () => apiClient.delete(`${PLANS_ENDPOINT}/${row.original.id}`),
                done: trans('Plan deleted'),
                failed: trans('There was an issue. Please try again.'),
                confirm: {
                  title: trans('Delete :name?', { name: row.original.name }),
                  body: trans(
                    'The plan and its prices are removed. A plan with subscribers can only be hidden.',
                  ),
                  confirmLabel: trans('Delete'),
                  isDanger: true,
                },
              })
            }
          >
            {trans('Delete')}
          </Button>
        ),
      },
    ],
    [trans, queryClient],
  );
  return (
    <DataTablePage<TProduct>
      title={trans('Plans')}
      endpoint={PLANS_ENDPOINT}
      columns={columns}
      getRowId={(row) => String(row.id)}
      searchLabel={trans('Search plans')}
      actions={
        <Link to="/plans/new" className={buttonClasses()}>
          {trans('Add plan')}
        </Link>
      }
      emptyMessage={trans('No plans yet')}
    />
  );
}
