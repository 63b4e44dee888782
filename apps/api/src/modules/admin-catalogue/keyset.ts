import { ADMIN_TOTAL_CAP, type TAdminSort, type TKeysetPage } from '@cadence/contracts/admin-catalogue';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import { likePattern } from '../catalogue/catalogue-utils';

/** How one admin table sorts: the sort expression, its SQL type, and the table alias. */
export type SortSpec = { expr: string; type: 'bigint' | 'timestamptz' | 'date' | 'text' };

/** Sort keys travel as text so a timestamp keeps its microseconds (a JS Date would drop them). */
type Cursor = { key: string | null; id: number };

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.key, cursor.id])).toString('base64url');
}

export function decodeCursor(value: string | undefined): Cursor | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2 && Number.isSafeInteger(parsed[1])) {
      const [key, id] = parsed as [unknown, number];
      if (key === null || (typeof key === 'string' && key.length <= 300)) return { key, id };
    }
  } catch {
    // falls through to the 422 below
  }
  throw new AppError('validation', 'This page link is no longer valid.', {
    cursor: 'This page link is no longer valid.',
  });
}

/** `(key, id)` strictly after the cursor in the page's direction; nulls sort last. */
export function afterCursor(spec: SortSpec, dir: 'asc' | 'desc', cursor: Cursor | null, idRef: string) {
  if (!cursor) return sql<boolean>`true`;
  const expr = sql.raw(spec.expr);
  const id = sql.ref(idRef);
  const op = sql.raw(dir === 'asc' ? '>' : '<');
  if (cursor.key === null) return sql<boolean>`(${expr} is null and ${id} ${op} ${cursor.id})`;
  const key = sql`cast(${cursor.key} as ${sql.raw(spec.type)})`;
  return sql<boolean>`((${expr}, ${id}) ${op} (${key}, ${cursor.id}) or ${expr} is null)`;
}

export function orderBy(spec: SortSpec, dir: 'asc' | 'desc', idRef: string) {
  const d = sql.raw(dir);
  return sql`${sql.raw(spec.expr)} ${d} nulls last, ${sql.ref(idRef)} ${d}`;
}

/** Name contains the words, accents and case ignored: the trigram index of search serves it. */
export function nameSearch(column: string, query: string): RawBuilder<boolean> {
  return sql<boolean>`cadence_unaccent(lower(${sql.ref(column)})) like cadence_unaccent(lower(${likePattern(query)}))`;
}

export const SORT_TYPES: Record<TAdminSort, SortSpec['type']> = {
  plays: 'bigint',
  date: 'timestamptz',
  name: 'text',
};

/**
 * Runs a filtered keyset page: `from` and `where` are the table and the filters; the count stops
 * at ADMIN_TOTAL_CAP so a broad filter on a million rows stays cheap.
 */
export async function keysetPage(
  db: Kysely<Database>,
  input: {
    from: RawBuilder<unknown>;
    idRef: string;
    where: RawBuilder<boolean>;
    spec: SortSpec;
    dir: 'asc' | 'desc';
    cursor: string | undefined;
    perPage: number;
  },
): Promise<TKeysetPage<number>> {
  const cursor = decodeCursor(input.cursor);
  const after = afterCursor(input.spec, input.dir, cursor, input.idRef);
  const [rows, count] = await Promise.all([
    sql<{ id: number; sort_key: string | null }>`select ${sql.ref(input.idRef)} as id,
        (${sql.raw(input.spec.expr)})::text as sort_key
      from ${input.from} where ${input.where} and ${after}
      order by ${orderBy(input.spec, input.dir, input.idRef)} limit ${input.perPage + 1}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from (select 1 from ${input.from}
      where ${input.where} limit ${ADMIN_TOTAL_CAP + 1}) capped`.execute(db),
  ]);
  const hasMore = rows.rows.length > input.perPage;
  const data = rows.rows.slice(0, input.perPage);
  const last = data.at(-1);
  const n = Number(count.rows[0]?.n ?? 0);
  return {
    pagination: {
      data: data.map((row) => Number(row.id)),
      per_page: input.perPage,
      total: Math.min(n, ADMIN_TOTAL_CAP),
      total_capped: n > ADMIN_TOTAL_CAP,
      next_cursor: hasMore && last ? encodeCursor({ key: last.sort_key, id: Number(last.id) }) : null,
    },
  };
}
