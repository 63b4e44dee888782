import { useTrans } from '@cadence/app-shell/use-trans';
import { Button } from '@cadence/ui/button';
import { useQueryClient } from '@tanstack/react-query';
import type { ColumnDef, RowSelectionState } from '@tanstack/react-table';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { bulkDelete, type TBulkDeleteTexts } from './bulk-delete';
import { DataTable } from './data-table';
import { isNarrowed, type TOrderDir, toApiQuery } from './list-params';
import { selectColumn } from './select-column';
import { TablePagination } from './table-pagination';
import { TableEmpty, TableError, TableLoading } from './table-states';
import { TableFilter, TableSearch, type TFilterDef } from './table-toolbar';
import { useAdminList } from './use-admin-list';
import { useListParams } from './use-list-params';

export type { TFilterDef, TFilterOption } from './table-toolbar';

export type TBulkAction = {
  label: string;
  /**
   * Runs with the selected ids; answer true to clear the selection. Answer once the action is
   * done, without awaiting the list's reload: reloaded rows must not show the old selection.
   */
  onAction: (ids: string[]) => Promise<boolean> | boolean;
  variant?: 'outline' | 'danger';
};

export type DataTablePageProps<T> = {
  title: string;
  /** The list endpoint under api/v1 (`users`); bulk delete goes to `DELETE` on the same path. */
  endpoint: string;
  // biome-ignore lint/suspicious/noExplicitAny: column value types differ per column
  columns: ColumnDef<T, any>[];
  getRowId: (row: T) => string;
  /** The row's name, for its checkbox's label ("Select :name"). */
  rowLabel?: (row: T) => string;
  searchLabel?: string;
  filters?: TFilterDef[];
  defaultOrderBy?: string;
  defaultOrderDir?: TOrderDir;
  /** Buttons beside the title (e.g. "Add user"). */
  actions?: ReactNode;
  /** Shown when the list has nothing yet (no search, no filter). */
  emptyMessage?: string;
  emptyAction?: ReactNode;
  /** Adds selection and a "Delete" bulk action with a confirmation naming the count. */
  bulkDelete?: TBulkDeleteTexts;
  bulkActions?: TBulkAction[];
  description?: ReactNode;
};

/**
 * A whole admin list page: title, search, filters, table with sortable headers, selection
 * with bulk actions, loading/empty/error states and pagination, all of it kept in the address.
 * See packages/admin-kit/README.md.
 */
export function DataTablePage<T>(props: DataTablePageProps<T>) {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const filters = props.filters ?? [];
  const [state, update] = useListParams({
    filterKeys: filters.map((filter) => filter.key),
    defaultOrderBy: props.defaultOrderBy ?? null,
    defaultOrderDir: props.defaultOrderDir,
  });
  const query = useAdminList<T>(props.endpoint, state);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const selectable = !!props.bulkDelete || (props.bulkActions?.length ?? 0) > 0;

  // A selection belongs to the rows on screen: a new page, sort or filter starts afresh.
  const stateKey = JSON.stringify(toApiQuery(state));
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset whenever the list state changes
  useEffect(() => setSelection({}), [stateKey]);

  const { rowLabel } = props;
  const columns = useMemo(
    () =>
      selectable
        ? [
            selectColumn<T>({
              all: trans('Select all rows on this page'),
              row: (row) => trans('Select :name', { name: rowLabel ? rowLabel(row) : '' }),
            }),
            ...props.columns,
          ]
        : props.columns,
    [selectable, props.columns, trans, rowLabel],
  );

  const selectedIds = Object.keys(selection).filter((id) => selection[id]);
  const page = query.data?.pagination;
  const narrowed = isNarrowed(state);

  async function runBulk(action: TBulkAction) {
    if (await action.onAction(selectedIds)) setSelection({});
  }
  const bulkActions: TBulkAction[] = [
    ...(props.bulkActions ?? []),
    ...(props.bulkDelete
      ? [
          {
            label: trans('Delete'),
            variant: 'danger' as const,
            onAction: (ids: string[]) =>
              bulkDelete({
                endpoint: props.endpoint,
                ids,
                texts: props.bulkDelete!,
                trans,
                queryClient,
              }),
          },
        ]
      : []),
  ];

  return (
    <section className="flex flex-col gap-4" data-testid="data-table-page">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{props.title}</h1>
        {props.actions && <div className="flex flex-wrap gap-2">{props.actions}</div>}
      </div>
      {props.description}
      <div className="flex flex-wrap items-end gap-3">
        <TableSearch
          value={state.query}
          label={props.searchLabel ?? trans('Search')}
          onSearch={(text) => update({ query: text })}
        />
        {filters.map((filter) => (
          <TableFilter
            key={filter.key}
            filter={filter}
            value={state.filters[filter.key] ?? ''}
            onChange={(value) => update({ filters: { [filter.key]: value } })}
          />
        ))}
      </div>
      {selectedIds.length > 0 && (
        <div
          className="flex flex-wrap items-center gap-3 rounded-panel bg-primary/10 px-3 py-2"
          data-testid="bulk-actions"
        >
          <span className="text-sm font-medium" aria-live="polite">
            {trans(':count selected', { count: String(selectedIds.length) })}
          </span>
          {bulkActions.map((action) => (
            <Button
              key={action.label}
              size="sm"
              variant={action.variant ?? 'outline'}
              onPress={() => void runBulk(action)}
            >
              {action.label}
            </Button>
          ))}
        </div>
      )}
      {query.isPending ? (
        <TableLoading />
      ) : query.isError && !page ? (
        <TableError onRetry={() => void query.refetch()} />
      ) : page && page.data.length === 0 ? (
        <TableEmpty
          isNarrowed={narrowed}
          message={props.emptyMessage}
          action={props.emptyAction}
          onClearFilters={() =>
            update({ query: '', filters: Object.fromEntries(filters.map((filter) => [filter.key, null])) })
          }
        />
      ) : page ? (
        <>
          <DataTable
            label={props.title}
            columns={columns}
            data={page.data}
            getRowId={props.getRowId}
            sort={state}
            onSortChange={(sort) => update(sort)}
            rowSelection={selectable ? selection : undefined}
            onRowSelectionChange={selectable ? setSelection : undefined}
            isStale={query.isPlaceholderData}
          />
          {query.isError && <TableError onRetry={() => void query.refetch()} />}
          <TablePagination
            info={page}
            // Next seeks from this page's last row when the api offers a cursor (deep pages stay fast).
            onPage={(next) =>
              update({
                page: next,
                after: next === page.current_page + 1 ? (page.next_cursor ?? null) : null,
              })
            }
            onPerPage={(perPage) => update({ perPage })}
          />
        </>
      ) : null}
    </section>
  );
}
