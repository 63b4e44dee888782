import { ADMIN_TOTAL_CAP, type TAdminCatalogueQuery } from '@cadence/contracts/admin-catalogue';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { Cursor } from '../../platform/db/seek-cursor';
import { likePattern } from '../catalogue/catalogue-query.repository';
import type { SortSpec } from './keyset-cursor';

export type AdminModel = 'track' | 'album' | 'artist';

/** One admin table as SQL: its FROM, id column, name column, sort expressions and filters. */
export type AdminTable = {
  from: RawBuilder<unknown>;
  idRef: string;
  name: string;
  sort: Record<TAdminCatalogueQuery['orderBy'], string>;
  filters: (q: TAdminCatalogueQuery) => RawBuilder<unknown>[];
};

/** A keyset page read: ids in order, each with its sort key as text (the next cursor's key). */
export type KeysetRows = { rows: { id: number; sort_key: string | null }[]; count: number };

/**
 * The id is among the items filed under the genre (by name, lower case; names are unique). One
 * index probe of genreables' primary key (genre_id, genreable_type, genreable_id) per row: the
 * OFFSET 0 keeps the planner from hashing every item of the genre (100k on a large catalogue)
 * for each page, when the page stops after a few thousand rows of its sort index.
 */
export function inGenre(type: AdminModel, idRef: string, genre: string) {
  return sql<boolean>`exists (select 1 from genreables ga
    where ga.genre_id = (select g.id from genres g where g.name = ${genre.toLowerCase()})
      and ga.genreable_type = ${type} and ga.genreable_id = ${sql.ref(idRef)} offset 0)`;
}

/** Name contains the words, accents and case ignored: the trigram index of search serves it. */
function nameSearch(column: string, query: string): RawBuilder<boolean> {
  return sql<boolean>`cadence_unaccent(lower(${sql.ref(column)})) like cadence_unaccent(lower(${likePattern(query)}))`;
}

/** The WHERE of one admin table for a parsed query. Only constant SQL is raw. */
export function adminWhere(table: AdminTable, q: TAdminCatalogueQuery): RawBuilder<boolean> {
  const where = table.filters(q);
  if (q.query) where.push(nameSearch(table.name, q.query));
  return where.length ? sql<boolean>`${sql.join(where, sql` and `)}` : sql<boolean>`true`;
}

/**
 * `(key, id)` strictly after the cursor in the page's direction. A nullable sort key sorts its
 * nulls last; a NOT NULL one is compared as a row value alone, which its `(key desc, id desc)`
 * index answers as a range.
 */
function afterCursor(spec: SortSpec, dir: 'asc' | 'desc', cursor: Cursor | null, idRef: string) {
  if (!cursor) return sql<boolean>`true`;
  const expr = sql.raw(spec.expr);
  const id = sql.ref(idRef);
  const op = sql.raw(dir === 'asc' ? '>' : '<');
  if (cursor.key === null) return sql<boolean>`(${expr} is null and ${id} ${op} ${cursor.id})`;
  const key = sql`cast(${cursor.key} as ${sql.raw(spec.type)})`;
  if (!spec.isNullable) return sql<boolean>`(${expr}, ${id}) ${op} (${key}, ${cursor.id})`;
  return sql<boolean>`((${expr}, ${id}) ${op} (${key}, ${cursor.id}) or ${expr} is null)`;
}

/** `nulls last` only where nulls exist: on a NOT NULL key it would keep the index out of the plan. */
function orderBy(spec: SortSpec, dir: 'asc' | 'desc', idRef: string) {
  const d = sql.raw(dir);
  const nulls = sql.raw(spec.isNullable ? ' nulls last' : '');
  return sql`${sql.raw(spec.expr)} ${d}${nulls}, ${sql.ref(idRef)} ${d}`;
}

/**
 * One keyset page of a filtered table (`limit` rows, the caller asks one more to learn whether
 * a next page exists) and its count, which stops at ADMIN_TOTAL_CAP + 1 so a broad filter on a
 * million rows stays cheap.
 */
export async function keysetRows(
  db: Kysely<Database>,
  input: {
    table: AdminTable;
    where: RawBuilder<boolean>;
    spec: SortSpec;
    dir: 'asc' | 'desc';
    cursor: Cursor | null;
    limit: number;
  },
): Promise<KeysetRows> {
  const { table, where, spec, dir } = input;
  const after = afterCursor(spec, dir, input.cursor, table.idRef);
  const [rows, count] = await Promise.all([
    sql<{ id: number; sort_key: string | null }>`select ${sql.ref(table.idRef)} as id,
        (${sql.raw(spec.expr)})::text as sort_key
      from ${table.from} where ${where} and ${after}
      order by ${orderBy(spec, dir, table.idRef)} limit ${input.limit}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from (select 1 from ${table.from}
      where ${where} limit ${ADMIN_TOTAL_CAP + 1}) capped`.execute(db),
  ]);
  return { rows: rows.rows, count: Number(count.rows[0]?.n ?? 0) };
}
