/**
 * A list page's state as it lives in the address: `page`, `perPage`, `orderBy`, `orderDir`,
 * `query` and one parameter per declared filter (`?role=2&banned=1`). Pure functions so the
 * same state turns into the api query the list endpoint takes (admin list convention, see the
 * README) and back into a URL that a reload or a shared link opens on the same page.
 */
export type TOrderDir = 'asc' | 'desc';

export type TListState = {
  page: number;
  perPage: number;
  orderBy: string | null;
  orderDir: TOrderDir;
  query: string;
  /** Only the declared filters that have a value. */
  filters: Record<string, string>;
  /**
   * The previous page's `next_cursor` when this page was reached by Next: the api seeks to it
   * rather than skipping every earlier row ('' when the page was opened by its number).
   */
  after: string;
};

export type TListOptions = {
  /** Names of the filters this list takes (each its own URL parameter and api parameter). */
  filterKeys?: readonly string[];
  defaultOrderBy?: string | null;
  defaultOrderDir?: TOrderDir;
  defaultPerPage?: number;
  /** More address keys that a new search, filter or sort drops with the page (e.g. keyset cursors). */
  pageKeys?: readonly string[];
};

export const PER_PAGE_CHOICES = [15, 25, 50, 100] as const;
const DEFAULT_PER_PAGE = 15;
const RESERVED = new Set(['page', 'perPage', 'orderBy', 'orderDir', 'query', 'after']);

function positiveInt(value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 ? Math.min(number, max) : fallback;
}

export function readListState(params: URLSearchParams, options: TListOptions = {}): TListState {
  const defaultPerPage = options.defaultPerPage ?? DEFAULT_PER_PAGE;
  const orderDir = params.get('orderDir');
  const filters: Record<string, string> = {};
  for (const key of options.filterKeys ?? []) {
    const value = params.get(key);
    if (value !== null && value !== '' && !RESERVED.has(key)) filters[key] = value;
  }
  return {
    page: positiveInt(params.get('page'), 1),
    perPage: positiveInt(params.get('perPage'), defaultPerPage, 100),
    orderBy: params.get('orderBy') || (options.defaultOrderBy ?? null),
    orderDir: orderDir === 'asc' || orderDir === 'desc' ? orderDir : (options.defaultOrderDir ?? 'desc'),
    query: params.get('query') ?? '',
    filters,
    // A cursor belongs to the page it leads to: without a page number it is stale.
    after: params.get('page') ? (params.get('after') ?? '') : '',
  };
}

export type TListPatch = Partial<Omit<TListState, 'filters' | 'after'>> & {
  filters?: Record<string, string | null>;
  /** Only with `page`: the cursor that page starts after (Next); any other move drops it. */
  after?: string | null;
};

/**
 * The URL parameters after `patch`. Changing the search, a filter, the sort or the page size
 * goes back to page 1 (the old page number may not exist in the new result). Parameters that
 * are not the list's (a tab, say) are kept.
 */
export function writeListState(
  current: URLSearchParams,
  patch: TListPatch,
  options: TListOptions = {},
): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (key: string, value: string | number | null | undefined, fallback?: string | number | null) => {
    if (value === undefined) return;
    if (value === null || value === '' || value === fallback) next.delete(key);
    else next.set(key, String(value));
  };
  const resetsPage =
    patch.query !== undefined ||
    patch.filters !== undefined ||
    patch.orderBy !== undefined ||
    patch.orderDir !== undefined ||
    patch.perPage !== undefined;
  set('query', patch.query === undefined ? undefined : patch.query.trim());
  set('orderBy', patch.orderBy);
  set('orderDir', patch.orderDir);
  set('perPage', patch.perPage, options.defaultPerPage ?? DEFAULT_PER_PAGE);
  for (const [key, value] of Object.entries(patch.filters ?? {})) set(key, value);
  if (patch.page !== undefined) set('page', patch.page, 1);
  else if (resetsPage) next.delete('page');
  if (patch.page !== undefined && patch.after && patch.page > 1) next.set('after', patch.after);
  else if (patch.page !== undefined || resetsPage) next.delete('after');
  if (resetsPage) for (const key of options.pageKeys ?? []) next.delete(key);
  return next;
}

/** What the admin list endpoint receives (the api's list parameters plus the filters). */
export function toApiQuery(state: TListState): Record<string, string | number> {
  return {
    page: state.page,
    perPage: state.perPage,
    ...(state.orderBy ? { orderBy: state.orderBy, orderDir: state.orderDir } : {}),
    ...(state.query ? { query: state.query } : {}),
    ...(state.after ? { after: state.after } : {}),
    ...state.filters,
  };
}

/** True when the list is narrowed by a search or a filter ("no results for these filters"). */
export function isNarrowed(state: TListState): boolean {
  return state.query !== '' || Object.keys(state.filters).length > 0;
}
