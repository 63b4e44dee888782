import { DataTablePage } from '@cadence/admin-kit/data-table-page';
import { RowActionsMenu } from '@cadence/admin-kit/row-actions-menu';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TAdminPlaylistRow } from '@cadence/contracts/admin-content';
import { apiClient } from '@cadence/http-client/http-client';
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
        header: () => <span className="sr-only">{trans('Actions')}</span>,
        cell: ({ row }) => {
          const playlist = row.original;
          return (
            <RowActionsMenu
              label={trans('Actions for :name', { name: playlist.name })}
              actions={[
                {
                  id: 'privacy',
                  label: playlist.public ? trans('Make private') : trans('Make public'),
                  onAction: () =>
                    void runRowAction({
                      endpoint: ENDPOINT,
                      queryClient,
                      failed,
                      call: () => apiClient.put(`playlists/${playlist.id}`, { public: !playlist.public }),
                      done: playlist.public ? trans('Playlist made private') : trans('Playlist made public'),
                    }),
                },
                {
                  id: 'delete',
                  label: trans('Delete'),
                  isDanger: true,
                  onAction: () =>
                    void runRowAction({
                      endpoint: ENDPOINT,
                      queryClient,
                      failed,
                      call: () => apiClient.delete(`playlists/${playlist.id}`),
                      done: trans('Playlist deleted'),
                      confirm: {
                        title: trans('Delete ":name"?', { name: playlist.name }),
                        body: trans('The playlist is deleted for its owner and everyone who follows it.'),
                        confirmLabel: trans('Delete'),
                        isDanger: true,
                      },
                    }),
                },
              ]}
            />
          );
        },
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
