import { z } from 'zod';
import { catalogueListQuerySchema } from './catalogue';
import { lazySchema } from './lazy-schema';

export const ZGenreSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    display_name: z.string().nullable(),
    image: z.string().nullable(),
    popularity: z.number(),
    created_at: z.string(),
    updated_at: z.string(),
    counts: z.record(z.string(), z.number()).optional(),
  }),
);
export type TGenre = z.infer<typeof ZGenreSchema>;

export const GENRE_LIST_ALLOW = {
  with: [],
  loadCount: ['artists', 'albums', 'tracks'],
  orderBy: ['name', 'popularity', 'created_at', 'id'],
} as const;
export const ZGenreListQuerySchema = lazySchema(() => catalogueListQuerySchema(GENRE_LIST_ALLOW));

/** Genre keys are lower-case words joined by dashes or spaces ("hip-hop", "lo fi"). */
export const ZGenreNameSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .min(1, 'The name is required.')
    .max(100, 'The name may not be longer than 100 characters.')
    .regex(/^[\p{L}\p{N}][\p{L}\p{N} &'+-]*$/u, 'The name may contain letters, digits, spaces and dashes.'),
);
export const ZGenreParamsSchema = lazySchema(() => z.object({ name: ZGenreNameSchema }));

export const ZGenreCreateSchema = lazySchema(() =>
  z.object({
    name: ZGenreNameSchema.transform((value) => value.toLowerCase()),
    display_name: z.string().trim().max(100).nullish(),
    image: z.string().trim().max(2000).nullish(),
    popularity: z.number().int().min(0).max(1_000_000_000).optional(),
  }),
);
export const ZGenreUpdateSchema = lazySchema(() => ZGenreCreateSchema.partial());
export const ZGenreResponseSchema = lazySchema(() => z.object({ genre: ZGenreSchema }));
