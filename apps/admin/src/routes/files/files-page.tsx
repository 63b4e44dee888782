import { confirmAction } from '@cadence/admin-kit/confirm-dialog';
import { DataTablePage, type TBulkAction } from '@cadence/admin-kit/data-table-page';
import { ADMIN_LIST_KEY } from '@cadence/admin-kit/use-admin-list';
import { toast } from '@cadence/app-shell/toast-store';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TAdminFileEntry } from '@cadence/contracts/admin-files';
import { apiClient } from '@cadence/http-client/http-client';
import { isHttpError } from '@cadence/http-client/http-error';
import { formatFileSize } from '@cadence/uploader/format-file-size';
import { useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { DiskUsage, USAGE_KEY } from './disk-usage';
import { Preview } from './file-preview';

/** /admin/files: every file entry with preview, owner, size and disk; trash, restore, delete for ever. */
export function FilesPage() {
  const { trans } = useTrans();
  const queryClient = useQueryClient();

  const columns = useMemo<ColumnDef<TAdminFileEntry>[]>(
    () => [
      { id: 'preview', header: trans('Preview'), cell: ({ row }) => <Preview entry={row.original} /> },
      {
        id: 'name',
        header: trans('Name'),
        enableSorting: true,
        cell: ({ row }) => (
          <span className="break-all">
            {row.original.name}
            <span className="block text-xs text-muted">{row.original.mime}</span>
          </span>
        ),
      },
      {
        id: 'owner',
        header: trans('Owner'),
        cell: ({ row }) =>
          row.original.owner ? (
            <Link to={`/users/${row.original.owner.id}`} className="underline">
              {row.original.owner.name}
            </Link>
          ) : (
            <span className="text-muted">{trans('Nobody')}</span>
          ),
        meta: { hideOnMobile: true },
      },
      {
        id: 'file_size',
        header: trans('Size'),
        enableSorting: true,
        cell: ({ row }) => formatFileSize(row.original.file_size),
      },
      { id: 'disk', header: trans('Disk'), accessorKey: 'disk', meta: { hideOnMobile: true } },
      {
        id: 'created_at',
        header: trans('Uploaded'),
        enableSorting: true,
        cell: ({ row }) => new Date(row.original.created_at).toLocaleDateString(),
        meta: { hideOnMobile: true },
      },
      {
        id: 'deleted_at',
        header: trans('Status'),
        enableSorting: true,
        cell: ({ row }) => (row.original.deleted_at ? trans('In trash') : trans('Live')),
      },
    ],
    [trans],
  );

  async function refresh() {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: [ADMIN_LIST_KEY, 'file-entries'] }),
      queryClient.invalidateQueries({ queryKey: USAGE_KEY }),
    ]);
  }

  async function run(request: () => Promise<unknown>, done: string): Promise<boolean> {
    try {
      await request();
    } catch (error) {
      toast.danger(isHttpError(error) ? error.message : trans('There was an issue. Please try again.'));
      return false;
    }
    toast.positive(done);
    // Not awaited: the selection clears now, before the reloaded rows show (see TBulkAction).
    void refresh();
    return true;
  }

  const bulkActions: TBulkAction[] = [
    {
      label: trans('Move to trash'),
      variant: 'outline',
      onAction: (ids) =>
        run(
          () => apiClient.delete('file-entries', { body: { ids: ids.map(Number) } }),
          trans('{count, plural, one {Moved # file to the trash} other {Moved # files to the trash}}', {
            count: String(ids.length),
          }),
        ),
    },
    {
      label: trans('Restore'),
      variant: 'outline',
      onAction: (ids) =>
        run(
          () => apiClient.post('file-entries/restore', { ids: ids.map(Number) }),
          trans('{count, plural, one {Restored # file} other {Restored # files}}', {
            count: String(ids.length),
          }),
        ),
    },
    {
      label: trans('Delete for ever'),
      variant: 'danger',
      onAction: async (ids) => {
        const count = String(ids.length);
        const confirmed = await confirmAction({
          title: trans('{count, plural, one {Delete # file for ever?} other {Delete # files for ever?}}', {
            count,
          }),
          body: trans('Their bytes are removed from storage. This cannot be undone.'),
          confirmLabel: trans('Delete for ever'),
          isDanger: true,
        });
        if (!confirmed) return false;
        return run(
          () => apiClient.delete('file-entries', { body: { ids: ids.map(Number), forever: true } }),
          trans('{count, plural, one {Deleted # file for ever} other {Deleted # files for ever}}', { count }),
        );
      },
    },
  ];

  return (
    <DataTablePage<TAdminFileEntry>
      title={trans('Files')}
      endpoint="file-entries"
      columns={columns}
      getRowId={(row) => String(row.id)}
      rowLabel={(row) => row.name}
      searchLabel={trans('Search files')}
      defaultOrderBy="created_at"
      description={<DiskUsage />}
      filters={[
        {
          key: 'disk',
          label: trans('Disk'),
          options: [
            { value: 'uploads', label: trans('Uploads') },
            { value: 'public', label: trans('Public') },
          ],
        },
        {
          key: 'kind',
          label: trans('Type'),
          options: [
            { value: 'image', label: trans('Images') },
            { value: 'audio', label: trans('Audio') },
            { value: 'video', label: trans('Video') },
            { value: 'other', label: trans('Other') },
          ],
        },
        {
          key: 'trashed',
          label: trans('Trash'),
          options: [
            { value: '1', label: trans('In trash') },
            { value: '0', label: trans('Not in trash') },
          ],
        },
      ]}
      emptyMessage={trans('No files yet')}
      bulkActions={bulkActions}
    />
  );
}
