import { DataTablePage } from '@cadence/admin-kit/data-table-page';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TAdminCommentRow } from '@cadence/contracts/admin-content';
import { apiClient } from '@cadence/http-client/http-client';
import { Button } from '@cadence/ui/button';
import { useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { formatDate } from './catalogue-cells';
import { runRowAction } from './run-action';

const ENDPOINT = 'admin/comments';

/** /admin/comments: newest first; filter by track or user (from a row); delete and restore. */
export function CommentsPage() {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const failed = trans('There was an issue. Please try again later.');
  const narrow = (key: string, id: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set(key, String(id));
      next.delete('page');
      return next;
    });
  const columns = useMemo<ColumnDef<TAdminCommentRow>[]>(
    () => [
      {
        id: 'content',
        header: trans('Comment'),
        cell: ({ row }) => (
          <span className={row.original.deleted ? 'text-muted line-through' : ''}>
            {row.original.content || trans('(empty)')}
          </span>
        ),
      },
      {
        id: 'user',
        header: trans('User'),
        cell: ({ row }) =>
          row.original.user ? (
            <button
              type="button"
              className="hover:underline"
              onClick={() => narrow('user_id', row.original.user?.id ?? 0)}
            >
              {row.original.user.name}
            </button>
          ) : (
            '—'
          ),
      },
      {
        id: 'on',
        header: trans('On'),
        cell: ({ row }) =>
          row.original.commentable && row.original.commentable_type === 'track' ? (
            <button
              type="button"
              className="hover:underline"
              onClick={() => narrow('track_id', row.original.commentable?.id ?? 0)}
            >
              {row.original.commentable.name}
            </button>
          ) : (
            (row.original.commentable?.name ?? '—')
          ),
        meta: { hideOnMobile: true },
      },
      {
        id: 'replies',
        header: trans('Replies'),
        cell: ({ row }) => row.original.replies_count,
        meta: { hideOnMobile: true },
      },
      {
        id: 'created',
        header: trans('Date'),
        cell: ({ row }) => formatDate(row.original.created_at),
        meta: { hideOnMobile: true },
      },
      {
        id: 'actions',
        header: trans('Actions'),
        cell: ({ row }) =>
          row.original.deleted ? (
            <Button
              size="sm"
              variant="outline"
              onPress={() =>
                void runRowAction({
                  endpoint: ENDPOINT,
                  queryClient,
                  failed,
                  call: () => apiClient.post(`comments/${row.original.id}/restore`),
                  done: trans('Comment restored'),
                })
              }
            >
              {trans('Restore')}
            </Button>
          ) : (
            <Button
              size="sm"
              variant="outline"
              onPress={() =>
                void runRowAction({
                  endpoint: ENDPOINT,
                  queryClient,
                  failed,
                  call: () => apiClient.delete(`comments/${row.original.id}`),
                  done: trans('Comment deleted'),
                  confirm: {
                    title: trans('Delete this comment?'),
                    body: trans('Replies stay in the thread. You can restore it later.'),
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
    [trans, queryClient, failed],
  );
  const idFilter = (key: string, label: string) => {
    const value = params.get(key);
    return { key, label, options: value ? [{ value, label: `#${value}` }] : [] };
  };
  return (
    <DataTablePage<TAdminCommentRow>
      title={trans('Comments')}
      endpoint={ENDPOINT}
      columns={columns}
      getRowId={(row) => String(row.id)}
      searchLabel={trans('Search comments')}
      filters={[
        {
          key: 'deleted',
          label: trans('Status'),
          options: [
            { value: 'false', label: trans('Visible') },
            { value: 'true', label: trans('Deleted') },
          ],
        },
        idFilter('track_id', trans('Track')),
        idFilter('user_id', trans('User')),
      ]}
      emptyMessage={trans('No comments yet')}
    />
  );
}
