import { DataTablePage } from '@cadence/admin-kit/data-table-page';
import { useTrans } from '@cadence/app-shell/use-trans';
import {
  BACKSTAGE_REQUEST_STATUSES,
  BACKSTAGE_REQUEST_TYPES,
  type TBackstageRequest,
} from '@cadence/contracts/backstage';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from 'react-router';

export const REQUEST_TYPE_LABELS: Record<TBackstageRequest['type'], string> = {
  become_artist: 'Become artist',
  verify_artist: 'Verify artist',
  claim_artist: 'Claim artist',
};

/** /admin/backstage-requests: every request, filtered by status and type (spec 2.12). */
export function BackstageRequestsPage() {
  const { trans } = useTrans();
  const columns = useMemo<ColumnDef<TBackstageRequest>[]>(
    () => [
      {
        id: 'artist_name',
        header: trans('Artist'),
        enableSorting: true,
        cell: ({ row }) => (
          <Link className="text-primary underline" to={`/backstage-requests/${row.original.id}`}>
            {row.original.artist?.name ?? row.original.artist_name ?? trans('Unnamed')}
          </Link>
        ),
      },
      { id: 'type', header: trans('Type'), cell: ({ row }) => trans(REQUEST_TYPE_LABELS[row.original.type]) },
      {
        id: 'user',
        header: trans('Requester'),
        cell: ({ row }) => (
          <Link to={`/users/${row.original.user.id}`} className="text-primary underline">
            {row.original.user.email ?? row.original.user.name}
          </Link>
        ),
        meta: { hideOnMobile: true },
      },
      {
        id: 'status',
        header: trans('Status'),
        enableSorting: true,
        cell: ({ row }) => trans(row.original.status),
      },
      {
        id: 'created_at',
        header: trans('Requested'),
        enableSorting: true,
        cell: ({ row }) => new Date(row.original.created_at).toLocaleString(),
        meta: { className: 'whitespace-nowrap', hideOnMobile: true },
      },
    ],
    [trans],
  );
  return (
    <DataTablePage<TBackstageRequest>
      title={trans('Backstage requests')}
      endpoint="backstage-requests"
      columns={columns}
      getRowId={(row) => String(row.id)}
      searchLabel={trans('Search requests')}
      defaultOrderBy="created_at"
      filters={[
        {
          key: 'status',
          label: trans('Status'),
          options: BACKSTAGE_REQUEST_STATUSES.map((value) => ({ value, label: trans(value) })),
        },
        {
          key: 'type',
          label: trans('Type'),
          options: BACKSTAGE_REQUEST_TYPES.map((value) => ({
            value,
            label: trans(REQUEST_TYPE_LABELS[value]),
          })),
        },
      ]}
      emptyMessage={trans('No requests yet')}
    />
  );
}
