import { z } from 'zod';
import { catalogueListQuerySchema } from './catalogue';
import { lazySchema } from './lazy-schema';

export const ZTagSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    display_name: z.string().nullable(),
    type: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
);
export type TTag = z.infer<typeof ZTagSchema>;

export const TAG_LIST_ALLOW = {
  with: [],
  loadCount: [],
  orderBy: ['name', 'type', 'created_at', 'id'],
} as const;
export const ZTagListQuerySchema = lazySchema(() => catalogueListQuerySchema(TAG_LIST_ALLOW));
export type TTagListQuery = z.infer<typeof ZTagListQuerySchema>;

export const ZTagCreateSchema = lazySchema(() =>
  z.object({
    name: z
      .string()
      .trim()
      .min(1, 'The name is required.')
      .max(100, 'The name may not be longer than 100 characters.')
      .transform((value) => value.toLowerCase()),
    display_name: z.string().trim().max(100).nullish(),
    type: z
      .string()
      .trim()
      .min(1)
      .max(50)
      .regex(/^[a-z_]+$/, 'The type is a lower-case word.')
      .default('custom'),
  }),
);
export type TTagCreate = z.infer<typeof ZTagCreateSchema>;
export const ZTagUpdateSchema = lazySchema(() => ZTagCreateSchema.partial());
export type TTagUpdate = z.infer<typeof ZTagUpdateSchema>;
export const ZTagResponseSchema = lazySchema(() => z.object({ tag: ZTagSchema }));

/** `tags/{name}/tracks` and `/albums`: a tag by its name. */
export const ZTagNameParamsSchema = lazySchema(() => z.object({ name: z.string().trim().min(1).max(100) }));
