import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/**
 * ARCHITECTURE 3 "Lists": `{pagination: {data, current_page, per_page, total, last_page}}`.
 * A list that counts only up to a cap (the admin lists on large tables) adds `total_capped:
 * true`: more than `total` rows match, so `total` and `last_page` are lower bounds and a next
 * page exists. Without the flag (or `false`) both are exact, as every other list answers them.
 * An admin list sorted by a column it can seek on adds `next_cursor`: sent back as `after` with
 * the next page number, it reads that page from an index position instead of skipping rows.
 */
export function paginationSchema<T extends z.ZodType>(item: T) {
  // Routes call this as they register: built on the route's first reply (see lazy-schema.ts).
  return lazySchema(() =>
    z.object({
      pagination: z.object({
        data: z.array(item),
        current_page: z.number(),
        per_page: z.number(),
        total: z.number(),
        last_page: z.number(),
        total_capped: z.boolean().optional(),
        next_cursor: z.string().nullable().optional(),
      }),
    }),
  );
}

/** What `paginationSchema(item)` infers to, for an item type (the apps name it without zod). */
export type TPagination<T> = {
  pagination: {
    data: T[];
    current_page: number;
    per_page: number;
    total: number;
    last_page: number;
    /** `true`: more than `total` rows match (`total` and `last_page` are lower bounds). */
    total_capped?: boolean | undefined;
    /** The position after this page's last row (`after=` of the next page), when the sort allows seeking. */
    next_cursor?: string | null | undefined;
  };
};

/** Whether a page after `current_page` exists, for exact and capped totals alike. */
export function hasNextPage(
  pagination: Pick<TPagination<unknown>['pagination'], 'current_page' | 'last_page' | 'total_capped'>,
): boolean {
  return pagination.total_capped === true || pagination.current_page < pagination.last_page;
}

export const ZListQuerySchema = lazySchema(() =>
  z.object({
    page: z.coerce.number().int().min(1).default(1),
    perPage: z.coerce.number().int().min(1).max(100).default(15),
    orderBy: z.string().max(50).optional(),
    orderDir: z.enum(['asc', 'desc']).optional(),
    query: z.string().max(255).optional(),
    with: z.string().max(255).optional(),
    load: z.string().max(255).optional(),
    loadCount: z.string().max(255).optional(),
  }),
);
export type TListQuery = z.infer<typeof ZListQuerySchema>;
