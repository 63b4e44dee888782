import { confirmAction } from '@cadence/admin-kit/confirm-dialog';
import { DataTable } from '@cadence/admin-kit/data-table';
import { toApiQuery } from '@cadence/admin-kit/list-params';
import { selectColumn } from '@cadence/admin-kit/select-column';
import { TableEmpty, TableError, TableLoading } from '@cadence/admin-kit/table-states';
import { TableFilter, TableSearch, type TFilterDef } from '@cadence/admin-kit/table-toolbar';
import { useListParams } from '@cadence/admin-kit/use-list-params';
import { toast } from '@cadence/app-shell/toast-store';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TKeysetPage } from '@cadence/contracts/admin-catalogue';
import { apiClient } from '@cadence/http-client/http-client';
import { isHttpError } from '@cadence/http-client/http-error';
import { Button } from '@cadence/ui/button';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef, RowSelectionState } from '@tanstack/react-table';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';

export type TKeysetTablePageProps<T> = {
  title: string;
  /** `admin/tracks`: GET for pages, DELETE `{ids}` for the bulk delete. */
  endpoint: string;
  // biome-ignore lint/suspicious/noExplicitAny: column value types differ per column
  columns: ColumnDef<T, any>[];
  getRowId: (row: T) => string;
  rowLabel: (row: T) => string;
  filters: TFilterDef[];
  /** Filters set from a row (artist, owner): shown as removable chips with these labels. */
  chipLabels?: Record<string, string>;
  /** The bulk delete's question, a plural line: `{count, plural, one {Delete # track?} other {...}}`. */
  deleteTitle: string;
  actions?: ReactNode;
};

/**
 * An admin table over a keyset-paged endpoint (tracks, albums, artists: up to millions of rows):
 * the kit's table, search and filters, with Next/Previous by cursor instead of page numbers.
 * The cursors walked so far live in the address (`cursor`, `trail`), so Back and reload work.
 */
export function KeysetTablePage<T>(props: TKeysetTablePageProps<T>) {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const chipKeys = Object.keys(props.chipLabels ?? {});
  const [state, update] = useListParams({
    filterKeys: [...props.filters.map((filter) => filter.key), ...chipKeys],
    defaultOrderBy: 'date',
    defaultPerPage: 25,
    // One address write drops the cursors with the page: two writes in a row would lose the first.
    pageKeys: ['cursor', 'trail'],
  });
  const [params, setParams] = useSearchParams();
  const cursor = params.get('cursor') ?? '';
  const trail = (params.get('trail') ?? '').split(',').filter(Boolean);
  const { page: _page, ...apiQuery } = toApiQuery(state);
  const queryKey = ['admin-list', props.endpoint, apiQuery, cursor];
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      apiClient.get<TKeysetPage<T>>(props.endpoint, {
        params: { ...apiQuery, ...(cursor ? { cursor } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  const [selection, setSelection] = useState<RowSelectionState>({});
  const stateKey = JSON.stringify([apiQuery, cursor]);
  useEffect(() => setSelection({}), [stateKey]);

  const goTo = (next: string | null, nextTrail: string[]) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      if (next) copy.set('cursor', next);
      else copy.delete('cursor');
      if (nextTrail.length) copy.set('trail', nextTrail.join(','));
      else copy.delete('trail');
      return copy;
    });

  const { rowLabel } = props;
  const columns = useMemo(
    () => [
      selectColumn<T>({
        all: trans('Select all rows on this page'),
        row: (row) => trans('Select :name', { name: rowLabel(row) }),
      }),
      ...props.columns,
    ],
    [props.columns, rowLabel, trans],
  );

  const selectedIds = Object.keys(selection).filter((id) => selection[id]);
  async function deleteSelected() {
    const count = String(selectedIds.length);
    const isConfirmed = await confirmAction({
      title: trans(props.deleteTitle, { count }),
      body: trans('This cannot be undone. Uploaded audio files are removed from storage too.'),
      confirmLabel: trans('Delete'),
      isDanger: true,
    });
    if (!isConfirmed) return;
    try {
      const result = await apiClient.delete<{ message: string }>(props.endpoint, {
        body: { ids: selectedIds.map(Number) },
      });
      toast.positive(result.message);
      setSelection({});
      await queryClient.invalidateQueries({ queryKey: ['admin-list', props.endpoint] });
    } catch (error) {
      toast.danger(isHttpError(error) ? error.message : trans('There was an issue. Please try again later.'));
    }
  }

  const page = query.data?.pagination;
  const isNarrowed = state.query !== '' || Object.keys(state.filters).length > 0;
  const total = page ? `${page.total}${page.total_capped ? '+' : ''}` : '';
  return (
    <section className="flex flex-col gap-4" data-testid="data-table-page">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{props.title}</h1>
        {props.actions && <div className="flex flex-wrap gap-2">{props.actions}</div>}
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <TableSearch
          value={state.query}
          label={trans('Search')}
          onSearch={(text) => update({ query: text })}
        />
        {props.filters.map((filter) => (
          <TableFilter
            key={filter.key}
            filter={filter}
            value={state.filters[filter.key] ?? ''}
            onChange={(value) => update({ filters: { [filter.key]: value } })}
          />
        ))}
        {chipKeys
          .filter((key) => state.filters[key])
          .map((key) => (
            <Button
              key={key}
              size="sm"
              variant="outline"
              onPress={() => update({ filters: { [key]: null } })}
            >
              {trans(':label: #:id (remove filter)', {
                label: props.chipLabels?.[key] ?? key,
                id: state.filters[key] ?? '',
              })}
            </Button>
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
          <Button size="sm" variant="danger" onPress={() => void deleteSelected()}>
            {trans('Delete')}
          </Button>
        </div>
      )}
      {query.isPending ? (
        <TableLoading />
      ) : query.isError && !page ? (
        <TableError onRetry={() => void query.refetch()} />
      ) : page && page.data.length === 0 ? (
        <TableEmpty
          isNarrowed={isNarrowed}
          onClearFilters={() =>
            update({
              query: '',
              filters: Object.fromEntries(
                [...props.filters.map((f) => f.key), ...chipKeys].map((k) => [k, null]),
              ),
            })
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
            rowSelection={selection}
            onRowSelectionChange={setSelection}
            isStale={query.isPlaceholderData}
          />
          <nav
            aria-label={trans('Pagination')}
            className="flex flex-wrap items-center justify-between gap-3 text-sm"
          >
            <span className="text-muted">
              {trans(total === '1' ? ':total result' : ':total results', { total })}
            </span>
            <div className="flex gap-2">
              <Button
                size="sm"
                variant="outline"
                isDisabled={!cursor}
                onPress={() => goTo(trail.at(-1) === '-' ? null : (trail.at(-1) ?? null), trail.slice(0, -1))}
              >
                {trans('Previous')}
              </Button>
              <Button
                size="sm"
                variant="outline"
                isDisabled={!page.next_cursor}
                onPress={() => goTo(page.next_cursor, [...trail, cursor || '-'])}
              >
                {trans('Next')}
              </Button>
            </div>
          </nav>
        </>
      ) : null}
    </section>
  );
}
