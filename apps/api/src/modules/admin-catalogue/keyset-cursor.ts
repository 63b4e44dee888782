import type { TAdminSort } from '@cadence/contracts/admin-catalogue';

/**
 * How one admin table sorts: the sort expression, its SQL type (the cast of a cursor key) and
 * whether it can be null (every sort of the admin tables today is NOT NULL).
 */
export type SortSpec = {
  expr: string;
  type: 'bigint' | 'timestamptz' | 'date' | 'text';
  isNullable?: boolean;
};

export const SORT_TYPES: Record<TAdminSort, SortSpec['type']> = {
  plays: 'bigint',
  date: 'timestamptz',
  name: 'text',
};
