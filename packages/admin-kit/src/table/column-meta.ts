import type { RowData } from '@tanstack/react-table';

declare module '@tanstack/react-table' {
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Classes for the column's header and cells (width, alignment). */
    className?: string;
    /** Hidden below the md breakpoint so the table fits a 360 px screen. */
    hideOnMobile?: boolean;
  }
}
