/**
 * The sort column a list query asks for (newest first unless told; names A-Z) and the table's
 * id column that breaks ties. `sortable` mirrors the contract's `orderBy` enum.
 */
export function listOrder<Table extends string, Key extends string>(
  table: Table,
  sortable: readonly Key[],
  query: { orderBy?: string; orderDir?: 'asc' | 'desc' },
) {
  const key = (query.orderBy ?? 'created_at') as Key;
  if (!sortable.includes(key)) throw new Error(`${table} cannot be ordered by ${key}.`);
  return {
    column: `${table}.${key}` as `${Table}.${Key}`,
    direction: query.orderDir ?? (query.orderBy === 'name' ? 'asc' : 'desc'),
  } as const;
}

/** The relations a list query asks for: `with` and `load` are the same thing under two names. */
export function includeOf(query: { with: string[]; load: string[]; loadCount: string[] }): CatalogueInclude {
  return { with: [...query.with, ...query.load], loadCount: query.loadCount };
}

export type CatalogueInclude = { with?: readonly string[]; loadCount?: readonly string[] };
