import { z } from 'zod';

/** ARCHITECTURE 3 "Lists": `{pagination: {data, current_page, per_page, total, last_page}}`. */
export function paginationSchema<T extends z.ZodType>(item: T) {
  return z.object({
    pagination: z.object({
      data: z.array(item),
      current_page: z.number(),
      per_page: z.number(),
      total: z.number(),
      last_page: z.number(),
    }),
  });
}

/** What `paginationSchema(item)` infers to, for an item type (the apps name it without zod). */
export type TPagination<T> = {
  pagination: { data: T[]; current_page: number; per_page: number; total: number; last_page: number };
};

export const ZListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(15),
  orderBy: z.string().max(50).optional(),
  orderDir: z.enum(['asc', 'desc']).optional(),
  query: z.string().max(255).optional(),
  with: z.string().max(255).optional(),
  load: z.string().max(255).optional(),
  loadCount: z.string().max(255).optional(),
});
export type TListQuery = z.infer<typeof ZListQuerySchema>;
