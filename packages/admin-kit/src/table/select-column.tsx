import type { ColumnDef } from '@tanstack/react-table';

const box = 'size-4 cursor-pointer accent-primary focus-visible:outline-2 focus-visible:outline-primary';

/**
 * The row-selection column. Native checkboxes: keyboard operable, announced with their row's
 * name, and cheap enough for a page of 100 rows to re-render on every toggle.
 */
export function selectColumn<T>(labels: { all: string; row: (row: T) => string }): ColumnDef<T, unknown> {
  return {
    id: 'select',
    enableSorting: false,
    meta: { className: 'w-10' },
    header: ({ table }) => (
      <input
        type="checkbox"
        className={box}
        aria-label={labels.all}
        checked={table.getIsAllPageRowsSelected()}
        ref={(input) => {
          if (input) input.indeterminate = table.getIsSomePageRowsSelected();
        }}
        onChange={table.getToggleAllPageRowsSelectedHandler()}
      />
    ),
    cell: ({ row }) => (
      <input
        type="checkbox"
        className={box}
        aria-label={labels.row(row.original)}
        checked={row.getIsSelected()}
        onChange={row.getToggleSelectedHandler()}
      />
    ),
  };
}
