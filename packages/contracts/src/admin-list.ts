import { z } from 'zod';
import { ZIdSchema } from './catalogue';
import { lazySchema } from './lazy-schema';
import { ZListQuerySchema } from './pagination';

/**
 * The admin list convention (packages/admin-kit/README.md): every admin list endpoint takes the
 * api's list parameters (page, perPage, orderBy, orderDir, query) plus its own filters, each a
 * query parameter by name, and answers `{pagination}` like the player's lists.
 * `orderBy` is checked against the columns the endpoint can sort on: anything else is a 422.
 */
export function adminListQuerySchema<
  const Sortable extends readonly [string, ...string[]],
  Filters extends z.ZodRawShape = Record<never, never>,
>(sortable: Sortable, filters?: Filters) {
  return ZListQuerySchema.omit({ with: true, load: true, loadCount: true, orderBy: true })
    .extend({
      orderBy: z.enum(sortable).optional(),
      query: z.string().trim().max(255).optional(),
      /** The previous page's `next_cursor`: this page starts right after it (with `page` its number). */
      after: z.string().max(500).optional(),
    })
    .extend((filters ?? {}) as Filters);
}

/** A yes/no filter in the address: `1`/`0` (also `true`/`false`). */
export const ZBooleanFilterSchema = lazySchema(() =>
  z
    .enum(['1', '0', 'true', 'false'])
    .transform((value) => value === '1' || value === 'true')
    .optional(),
);

/** An id filter (`?role=3`). */
export const ZIdFilterSchema = lazySchema(() => ZIdSchema.optional());

/** Bulk delete: `DELETE api/v1/{resource}` with `{ids}`. */
export const BULK_DELETE_MAX = 1000;
export const ZBulkDeletePayloadSchema = lazySchema(() =>
  z.object({
    ids: z
      .array(ZIdSchema)
      .min(1, 'Select at least one item.')
      .max(BULK_DELETE_MAX, `At most ${BULK_DELETE_MAX} items can be deleted at once.`),
  }),
);
export type TBulkDeletePayload = z.infer<typeof ZBulkDeletePayloadSchema>;

export const ZBulkDeleteResponseSchema = lazySchema(() =>
  z.object({ message: z.string(), deleted: z.number() }),
);
export type TBulkDeleteResponse = z.infer<typeof ZBulkDeleteResponseSchema>;
