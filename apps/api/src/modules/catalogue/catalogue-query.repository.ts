import { type SelectQueryBuilder, sql } from 'kysely';

// Query fragments every catalogue list composes (pure SQL building, no rules).

export type Page<T> = {
  pagination: { data: T[]; current_page: number; per_page: number; total: number; last_page: number };
};

/** `%` and `_` in user input match themselves. */
export function likePattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** `?query=`: the name contains it, case-insensitively, with `%` and `_` taken literally. */
export const nameMatches = (column: string, query: string) =>
  sql<boolean>`lower(${sql.ref(column)}) like lower(${likePattern(query)})`;

/** `date` columns come back as Date (pg: local midnight, PGlite: UTC); read them as text in SQL. */
export const dateText = (column: string) => sql<string | null>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

/**
 * The count and one page of the same filtered query (`base`), run together. `orderAndPage` adds
 * the select list and order; limit and offset come from the page options.
 */
export async function paginate<DB, TB extends keyof DB, O, Row>(
  base: SelectQueryBuilder<DB, TB, O>,
  options: { page: number; perPage: number },
  orderAndPage: (query: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, Row>,
): Promise<Page<Row>> {
  const offset = (options.page - 1) * options.perPage;
  const [countRow, rows] = await Promise.all([
    base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirst(),
    orderAndPage(base).limit(options.perPage).offset(offset).execute(),
  ]);
  const total = Number((countRow as { total?: number } | undefined)?.total ?? 0);
  return {
    pagination: {
      data: rows,
      current_page: options.page,
      per_page: options.perPage,
      total,
      last_page: Math.max(1, Math.ceil(total / options.perPage)),
    },
  };
}
