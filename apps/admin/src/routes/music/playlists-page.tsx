import { DataTablePage } from '@cadence/admin-kit/data-table-page';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TAdminPlaylistRow } from '@cadence/contracts/admin-content';
import { apiClient } from '@cadence/http-client/http-client';
import { Button } from '@cadence/ui/button';
import { useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { formatDate } from './catalogue-cells';
import { runRowAction } from './run-action';

const ENDPOINT = 'admin/playlists';

/** /admin/playlists: every user's playlists, public and private, with owner; make private or delete. */
export function PlaylistsPage() {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const failed = trans('There was an issue. Please try again later.');
  const columns = useMemo<ColumnDef<TAdminPlaylistRow>[]>(
    () => [
      {
        id: 'name',
        header: trans('Name'),
        cell: ({ row }) => (
          <a
            className="font-medium hover:underline"
            href={`/playlist/${row.original.id}/${encodeURIComponent(row.original.name)}`}
          >
            {row.original.name}
          </a>
        ),
      },
      { id: 'owner', header: trans('Owner'), cell: ({ row }) => row.original.owner?.name ?? '—' },
      {
        id: 'privacy',
        header: trans('Privacy'),
        cell: ({ row }) => (row.original.public ? trans('Public') : trans('Private')),
      },
      {
        id: 'tracks',
        header: trans('Tracks'),
        cell: ({ row }) => row.original.tracks_count,
        meta: { hideOnMobile: true },
      },
      {
        id: 'created',
        header: trans('Created'),
        cell: ({ row }) => formatDate(row.original.created_at),
        meta: { hideOnMobile: true },
      },
      {
        id: 'actions',
        header: trans('Actions'),
        cell: ({ row }) => (
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="outline"
              onPress={() =>
                void runRowAction({
                  endpoint: ENDPOINT,
                  queryClient,
                  failed,
                  call: () => apiClient.put(`playlists/${row.original.id}`, { public: !row.original.public }),
                  done: row.original.public ? trans('Playlist made private') : trans('Playlist made public'),
                })
              }
            >
              {row.original.public ? trans('Make private') : trans('Make public')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              onPress={() =>
                void runRowAction({
                  endpoint: ENDPOINT,
                  queryClient,
                  failed,
                  call: () => apiClient.delete(`playlists/${row.original.id}`),
                  done: trans('Playlist deleted'),
                  confirm: {
                    title: trans('Delete ":name"?', { name: row.original.name }),
                    body: trans('The playlist is deleted for its owner and everyone who follows it.'),
                    confirmLabel: trans('Delete'),
                    isDanger: true,
                  },
                })
              }
            >
              {trans('Delete')}
            </Button>
          </div>
        ),
      },
    ],
    [trans, queryClient, failed],
  );
  return (
    <DataTablePage<TAdminPlaylistRow>
      title={trans('Playlists')}
      endpoint={ENDPOINT}
      columns={columns}
      getRowId={(row) => String(row.id)}
      filters={[
        {
          key: 'privacy',
          label: trans('Privacy'),
          options: [
            { value: 'public', label: trans('Public') },
            { value: 'private', label: trans('Private') },
          ],
        },
      ]}
      emptyMessage={trans('No playlists yet')}
    />
  );
}
