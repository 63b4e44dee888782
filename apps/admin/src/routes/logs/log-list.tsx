import { DataTable } from '@cadence/admin-kit/data-table';
import { TablePagination } from '@cadence/admin-kit/table-pagination';
import { TableEmpty, TableError, TableLoading } from '@cadence/admin-kit/table-states';
import { useAdminList } from '@cadence/admin-kit/use-admin-list';
import { useListParams } from '@cadence/admin-kit/use-list-params';
import type { ColumnDef } from '@tanstack/react-table';

export function formatDate(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString() : '—';
}

export const noSort = { orderBy: null, orderDir: 'desc' as const };
export const wrap = { className: 'break-all' };

/**
 * One paginated log on the admin kit's table: the page and page size in the address, the
 * previous page kept on screen while the next loads, loading, empty and error states.
 */
export function LogList<T extends { id: number }>({
  endpoint,
  label,
  columns,
  emptyMessage,
}: {
  endpoint: string;
  label: string;
  // biome-ignore lint/suspicious/noExplicitAny: column value types differ per column
  columns: ColumnDef<T, any>[];
  emptyMessage: string;
}) {
  const [state, update] = useListParams();
  const query = useAdminList<T>(endpoint, state);
  const page = query.data?.pagination;
  if (query.isPending) return <TableLoading />;
  if (query.isError && !page) return <TableError onRetry={() => void query.refetch()} />;
  if (!page) return null;
  if (page.data.length === 0)
    return <TableEmpty isNarrowed={false} message={emptyMessage} onClearFilters={() => {}} />;
  return (
    <>
      <DataTable
        label={label}
        columns={columns}
        data={page.data}
        getRowId={(row) => String(row.id)}
        sort={noSort}
        onSortChange={() => {}}
        isStale={query.isPlaceholderData}
      />
      {query.isError && <TableError onRetry={() => void query.refetch()} />}
      <TablePagination
        info={page}
        onPage={(next) => update({ page: next })}
        onPerPage={(perPage) => update({ perPage })}
      />
    </>
  );
}
