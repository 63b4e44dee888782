import { AppError } from '../../platform/http/app-error';

import type { Page } from './catalogue-query.repository';

export const iso = (value: Date | string | null | undefined): string | null =>
  value == null ? null : value instanceof Date ? value.toISOString() : new Date(value).toISOString();
export const isoRequired = (value: Date | string): string => iso(value) as string;

/** The row a lookup found, or the 404 that `message` explains. */
export function orNotFound<Row>(row: Row | undefined, message: string): Row {
  if (!row) throw new AppError('not_found', message);
  return row;
}

/** URL-safe, lower-case, ascii slug; never empty so links stay well-formed. */
export function slugify(name: string, fallback = 'untitled'): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);
  return slug || fallback;
}

/** An edit's columns, plus the slug that follows a new name. */
export function withSlug<Columns extends { name?: string }>(columns: Columns) {
  return { ...columns, ...(columns.name ? { slug: slugify(columns.name) } : {}) };
}

export async function mapPage<A, B>(page: Page<A>, map: (rows: A[]) => Promise<B[]> | B[]): Promise<Page<B>> {
  return { pagination: { ...page.pagination, data: await map(page.pagination.data) } };
}

export function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

/** The parsed list query every catalogue list endpoint shares (contracts' list query after splitting). */
export type CatalogueListQuery = {
  page: number;
  perPage: number;
  orderBy?: string;
  orderDir?: 'asc' | 'desc';
  query?: string;
  with: string[];
  load: string[];
  loadCount: string[];
};
