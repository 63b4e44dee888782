import { ADMIN_TOTAL_CAP } from '@cadence/contracts/admin-catalogue';
import type { TPagination } from '@cadence/contracts/pagination';
import {
  type Expression,
  type Kysely,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
  type Transaction,
} from 'kysely';
import { decodeCursor, encodeCursor } from './seek-cursor';

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
  /** The previous page's `next_cursor`: seek to it instead of skipping `(page - 1) * perPage` rows. */
  after?: string;
};

/** One admin page: the contracts' pagination block, the same shape as the player's lists. */
export type AdminPagination<T> = TPagination<T>;

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

/** How far a capped count reads before it stops (the admin kit shows "of more than 1,000"). */
export const ADMIN_COUNT_CAP = ADMIN_TOTAL_CAP;

/**
 * How the total of a page is counted. Without it the count is exact (small tables). With it the
 * count stops after `cap` + 1 rows and the answer says `total_capped` when more match, so a
 * broad search over a large table costs a page, not the table.
 */
export type AdminCount<DB> = { db: Kysely<DB> | Transaction<DB>; cap?: number };

/** `count(*)` of at most `cap` + 1 rows of the filtered query. */
async function cappedCount<DB, TB extends keyof DB, O>(
  base: SelectQueryBuilder<DB, TB, O>,
  count: AdminCount<DB>,
  cap: number,
): Promise<number> {
  const capped = base.select(sql<number>`1`.as('one')).limit(cap + 1);
  const result = await sql<{ n: number }>`select count(*)::int as n from (${capped}) as capped`.execute(
    count.db,
  );
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * The count and one page of the same filtered query. `orderBy` must be a key of `sortable` (the
 * contract's enum already refused anything else); `tieBreaker` keeps the order stable across
 * pages when many rows share a value. The page reads one row more than it shows: whether a next
 * page exists is known without the count.
 *
 * With `count` (large tables) the total is exact up to the cap and a lower bound past it
 * (`total_capped`); a page past the cap skips the count, as its own rows bound the total.
 *
 * `seek` names the sorts whose column is NOT NULL, with its SQL type: their pages answer a
 * `next_cursor`, and a page asked with it (`after`) starts at that `(key, id)` position of the
 * `(column, tie breaker)` index instead of sorting and skipping every earlier match, so page
 * 500 costs what page 1 costs.
 */
export async function adminPage<DB, TB extends keyof DB, O, Row>(
  base: SelectQueryBuilder<DB, TB, O>,
  params: AdminListParams,
  sort: {
    sortable: Record<string, string>;
    defaultOrderBy: string;
    defaultDir?: 'asc' | 'desc';
    tieBreaker: string;
    seek?: Partial<Record<string, SeekType>>;
  },
  select: (query: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, Row>,
  count?: AdminCount<DB>,
): Promise<AdminPagination<Row>> {
  const orderKey = params.orderBy && sort.sortable[params.orderBy] ? params.orderBy : sort.defaultOrderBy;
  const column = sort.sortable[orderKey] ?? orderKey;
  const dir = params.orderDir ?? sort.defaultDir ?? 'desc';
  const offset = (params.page - 1) * params.perPage;
  const seekType = sort.seek?.[orderKey];
  const cursor = seekType ? decodeCursor(params.after, 'after') : null;
  const cap = count ? (count.cap ?? ADMIN_COUNT_CAP) : Number.POSITIVE_INFINITY;
  const countAll = async () =>
    count
      ? cappedCount(base, count, cap)
      : Number(
          (
            (await base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirst()) as
              | { total?: number }
              | undefined
          )?.total ?? 0,
        );
  let page = select(base);
  if (seekType) {
    page = page.select([
      sql<string>`(${sql.ref(column)})::text`.as(SEEK_KEY),
      sql<number>`${sql.ref(sort.tieBreaker)}`.as(SEEK_ID),
    ]) as unknown as typeof page;
  }
  if (seekType && cursor) {
    const op = sql.raw(dir === 'asc' ? '>' : '<');
    const key = sql`cast(${cursor.key} as ${sql.raw(seekType)})`;
    page = page.where(
      sql<SqlBool>`(${sql.ref(column)}, ${sql.ref(sort.tieBreaker)}) ${op} (${key}, ${cursor.id})`,
    );
  }
  const [rawRows, counted] = await Promise.all([
    page
      // Nulls last both ways: an empty value never fills the first page. A NOT NULL (seek) column
      // leaves it out, as it would keep the `(column, id)` index out of a descending plan.
      .orderBy(sql`${sql.ref(column)} ${sql.raw(dir)}${sql.raw(seekType ? '' : ' nulls last')}`)
      .orderBy(sql.ref(sort.tieBreaker), dir)
      .limit(params.perPage + 1)
      .offset(cursor ? 0 : offset)
      .execute(),
    offset >= cap ? null : countAll(),
  ]);
  const rows = seekType ? rawRows.map(withoutSeekColumns) : rawRows;
  const data = rows.slice(0, params.perPage);
  const hasMore = rows.length > params.perPage;
  let total: number;
  let isCapped: boolean;
  if (data.length > 0 && !hasMore) {
    // The last page: its rows give the exact total, whatever the cap.
    total = offset + data.length;
    isCapped = false;
  } else if (counted === null && data.length > 0) {
    // Past the cap with more to come: this page's rows are a lower bound.
    total = offset + data.length;
    isCapped = true;
  } else {
    const n = counted ?? (await countAll());
    isCapped = n > cap;
    total = isCapped ? Math.max(cap, data.length > 0 ? offset + data.length : 0) : n;
  }
  return {
    pagination: {
      data,
      current_page: params.page,
      per_page: params.perPage,
      total,
      last_page: Math.max(1, Math.ceil(total / params.perPage)),
      ...(count ? { total_capped: isCapped } : {}),
      ...(seekType ? { next_cursor: hasMore ? nextCursor(rawRows[params.perPage - 1]) : null } : {}),
    },
  };
}

/** The SQL type a seek cursor's text key is cast back to. */
export type SeekType = 'text' | 'timestamptz' | 'bigint';
const SEEK_KEY = 'seek_key';
const SEEK_ID = 'seek_id';

function withoutSeekColumns<Row>(row: Row): Row {
  const { [SEEK_KEY]: _key, [SEEK_ID]: _id, ...rest } = row as Record<string, unknown>;
  return rest as Row;
}

function nextCursor(last: unknown): string | null {
  const row = last as Record<string, unknown> | undefined;
  if (!row) return null;
  return encodeCursor({ key: row[SEEK_KEY] as string | null, id: Number(row[SEEK_ID]) });
}

export async function mapAdminPage<A, B>(page: AdminPagination<A>, map: (rows: A[]) => B[] | Promise<B[]>) {
  return { pagination: { ...page.pagination, data: await map(page.pagination.data) } };
}
