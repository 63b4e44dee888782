import { confirmAction } from '@cadence/admin-kit/confirm-dialog';
import { DataTablePage, type TBulkAction } from '@cadence/admin-kit/data-table-page';
import { ADMIN_LIST_KEY } from '@cadence/admin-kit/use-admin-list';
import { toast } from '@cadence/app-shell/toast-store';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TAdminFileEntry, TDiskUsageResponse } from '@cadence/contracts/admin-files';
import { apiClient } from '@cadence/http-client/http-client';
import { isHttpError } from '@cadence/http-client/http-error';
import { formatFileSize } from '@cadence/uploader/format-file-size';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from 'react-router';

const USAGE_KEY = ['admin', 'files', 'usage'] as const;

function Preview({ entry }: { entry: TAdminFileEntry }) {
  const { trans } = useTrans();
  if (entry.deleted_at) return <span className="text-xs text-muted">{trans('In trash')}</span>;
  if (entry.mime.startsWith('image/'))
    return (
      <a
        href={entry.url}
        target="_blank"
        rel="noreferrer"
        aria-label={trans('Open :name', { name: entry.name })}
      >
        <img src={entry.url} alt="" loading="lazy" className="size-10 rounded object-cover" />
      </a>
    );
  return (
    <a href={entry.url} target="_blank" rel="noreferrer" className="text-sm text-primary underline">
      {trans('Open')}
      <span className="sr-only"> {entry.name}</span>
    </a>
  );
}

function DiskUsage() {
  const { trans } = useTrans();
  const usage = useQuery({
    queryKey: USAGE_KEY,
    queryFn: () => apiClient.get<TDiskUsageResponse>('file-entries/usage'),
  });
  if (!usage.data) return null;
  return (
    <ul aria-label={trans('Storage used')} className="grid gap-3 sm:grid-cols-2" data-testid="disk-usage">
      {usage.data.disks.map((disk) => (
        <li key={disk.disk} className="rounded-panel border border-divider p-3">
          <p className="text-sm text-muted">
            {disk.disk === 'uploads' ? trans('Uploads disk') : trans('Public disk')} ({disk.driver})
          </p>
          <p className="text-xl font-semibold">{formatFileSize(disk.bytes)}</p>
          <p className="text-xs text-muted">
            {trans(':count files; :size in trash (:trashed files)', {
              count: String(disk.files),
              size: formatFileSize(disk.trashed_bytes),
              trashed: String(disk.trashed_files),
            })}
          </p>
        </li>
      ))}
    </ul>
  );
}

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
    await refresh();
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
