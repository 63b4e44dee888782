import { type Expression, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';

/**
 * Helpers for the admin list convention (packages/admin-kit/README.md): search, a whitelisted
 * sort and one page with its `pagination` block, the same shape as the player's lists.
 */
export type AdminListParams = {
  page: number;
  perPage: number;
  orderBy?: string;
  orderDir?: 'asc' | 'desc';
  query?: string;
};

export type AdminPagination<T> = {
  pagination: { data: T[]; current_page: number; per_page: number; total: number; last_page: number };
};

/** `%` and `_` typed by the admin match themselves. */
export function containsPattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** `col1 ILIKE %q% OR col2 ILIKE %q%`: case-insensitive substring search (trigram indexes help). */
export function searchColumns(columns: readonly string[], query: string): Expression<SqlBool> {
  const pattern = containsPattern(query);
  return sql<SqlBool>`(${sql.join(
    columns.map((column) => sql`${sql.ref(column)} ilike ${pattern}`),
    sql` or `,
  )})`;
}

/**
 * The count and one page of the same filtered query run together. `orderBy` must be a key of
 * `sortable` (the contract's enum already refused anything else); `tieBreaker` keeps the order
 * stable across pages when many rows share a value.
 */
export async function adminPage<DB, TB extends keyof DB, O, Row>(
  base: SelectQueryBuilder<DB, TB, O>,
  params: AdminListParams,
  sort: {
    sortable: Record<string, string>;
    defaultOrderBy: string;
    defaultDir?: 'asc' | 'desc';
    tieBreaker: string;
  },
  select: (query: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, Row>,
): Promise<AdminPagination<Row>> {
  const column =
    (params.orderBy && sort.sortable[params.orderBy]) ||
    (sort.sortable[sort.defaultOrderBy] ?? sort.defaultOrderBy);
  const dir = params.orderDir ?? sort.defaultDir ?? 'desc';
  const offset = (params.page - 1) * params.perPage;
  const [countRow, rows] = await Promise.all([
    base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirst(),
    select(base)
      // Nulls last both ways: an empty value never fills the first page.
      .orderBy(sql`${sql.ref(column)} ${sql.raw(dir)} nulls last`)
      .orderBy(sql.ref(sort.tieBreaker), dir)
      .limit(params.perPage)
      .offset(offset)
      .execute(),
  ]);
  const total = Number((countRow as { total?: number } | undefined)?.total ?? 0);
  return {
    pagination: {
      data: rows,
      current_page: params.page,
      per_page: params.perPage,
      total,
      last_page: Math.max(1, Math.ceil(total / params.perPage)),
    },
  };
}

export async function mapAdminPage<A, B>(page: AdminPagination<A>, map: (rows: A[]) => B[] | Promise<B[]>) {
  return { pagination: { ...page.pagination, data: await map(page.pagination.data) } };
}
