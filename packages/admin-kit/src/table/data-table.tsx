import { useTrans } from '@cadence/app-shell/use-trans';
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type Header,
  type RowSelectionState,
  useReactTable,
} from '@tanstack/react-table';
import { clsx } from 'clsx';
import ArrowDownIcon from 'lucide-react/icons/arrow-down';
import ArrowUpIcon from 'lucide-react/icons/arrow-up';
import ArrowUpDownIcon from 'lucide-react/icons/arrow-up-down';
import { useRef } from 'react';
import './column-meta';
import type { TOrderDir } from './list-params';
import { useOverflowsX } from './use-overflows';

export type TSort = { orderBy: string | null; orderDir: TOrderDir };

export type DataTableProps<T> = {
  /** The table's accessible name. */
  label: string;
  // biome-ignore lint/suspicious/noExplicitAny: column value types differ per column
  columns: ColumnDef<T, any>[];
  data: T[];
  getRowId: (row: T) => string;
  /** Server-side sort: a column sorts when its def says `enableSorting: true`; its id is the api's `orderBy`. */
  sort: TSort;
  onSortChange: (sort: { orderBy: string; orderDir: TOrderDir }) => void;
  rowSelection?: RowSelectionState;
  onRowSelectionChange?: (selection: RowSelectionState) => void;
  /** Dims the rows while the next page loads (the previous one stays on screen). */
  isStale?: boolean;
};

function ariaSort(sort: TSort, columnId: string): 'ascending' | 'descending' | 'none' {
  if (sort.orderBy !== columnId) return 'none';
  return sort.orderDir === 'asc' ? 'ascending' : 'descending';
}

/**
 * Wider than its box (a phone), the table scrolls inside it; the box then takes the keyboard
 * focus, so arrow keys scroll it, and is named after the table.
 */
const scrollBoxProps = (label: string) => ({ role: 'region', 'aria-label': label, tabIndex: 0 });

const cellBase = 'border-b border-divider px-3 py-2 text-left align-middle text-sm';

/**
 * A headless TanStack table drawn with the design system. Everything is server-side (manual
 * sorting and pagination): the table only renders the page it is given, so lists of any size
 * stay as fast as one page.
 */
export function DataTable<T>({
  label,
  columns,
  data,
  getRowId,
  sort,
  onSortChange,
  rowSelection = {},
  onRowSelectionChange,
  isStale,
}: DataTableProps<T>) {
  const { trans } = useTrans();
  const boxRef = useRef<HTMLDivElement>(null);
  const scrolls = useOverflowsX(boxRef);
  const table = useReactTable({
    data,
    columns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    defaultColumn: { enableSorting: false },
    enableRowSelection: !!onRowSelectionChange,
    state: { rowSelection },
    onRowSelectionChange: (updater) => {
      const next = typeof updater === 'function' ? updater(rowSelection) : updater;
      onRowSelectionChange?.(next);
    },
  });

  function headerContent(header: Header<T, unknown>) {
    const content = flexRender(header.column.columnDef.header, header.getContext());
    if (!header.column.getCanSort()) return content;
    const id = header.column.id;
    const direction = ariaSort(sort, id);
    const Icon =
      direction === 'ascending' ? ArrowUpIcon : direction === 'descending' ? ArrowDownIcon : ArrowUpDownIcon;
    return (
      <button
        type="button"
        className="-mx-1 inline-flex cursor-pointer items-center gap-1 rounded px-1 font-medium outline-none hover:text-fg focus-visible:ring-2 focus-visible:ring-primary"
        onClick={() => onSortChange({ orderBy: id, orderDir: direction === 'descending' ? 'asc' : 'desc' })}
      >
        {content}
        <Icon aria-hidden className={clsx('size-3.5', direction === 'none' && 'opacity-50')} />
      </button>
    );
  }

  return (
    <div
      ref={boxRef}
      className="overflow-x-auto rounded-panel outline-none focus-visible:ring-2 focus-visible:ring-primary"
      {...(scrolls ? scrollBoxProps(label) : {})}
    >
      <table
        aria-label={label}
        aria-busy={isStale || undefined}
        className={clsx('w-full border-collapse transition-opacity', isStale && 'opacity-60')}
      >
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const meta = header.column.columnDef.meta;
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={header.column.getCanSort() ? ariaSort(sort, header.column.id) : undefined}
                    className={clsx(
                      cellBase,
                      'font-medium whitespace-nowrap text-muted',
                      meta?.className,
                      meta?.hideOnMobile && 'max-md:hidden',
                    )}
                  >
                    {header.isPlaceholder ? null : headerContent(header)}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className={clsx('hover:bg-fg-base/5', row.getIsSelected() && 'bg-primary/5')}>
              {row.getVisibleCells().map((cell) => {
                const meta = cell.column.columnDef.meta;
                return (
                  <td
                    key={cell.id}
                    className={clsx(cellBase, meta?.className, meta?.hideOnMobile && 'max-md:hidden')}
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <span className="sr-only" aria-live="polite">
        {isStale ? trans('Loading...') : ''}
      </span>
    </div>
  );
}
