import { z } from 'zod';
import { adminListQuerySchema } from './admin-list';
import { requiredString } from './auth';
import { lazySchema } from './lazy-schema';

/** Spec 2.9 custom pages (`/pages/{pageSlug}`, `/pages/{pageId}/{pageSlug}`), edited under /admin/custom-pages. */
export const CUSTOM_PAGE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const CUSTOM_PAGE_BODY_MAX = 200_000;

export const ZCustomPageSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    title: z.string(),
    slug: z.string(),
    /** Sanitised HTML: no script, no event handler, no `javascript:` url. */
    body: z.string(),
    meta_title: z.string().nullable(),
    meta_description: z.string().nullable(),
    hide_nav: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
);
export type TCustomPage = z.infer<typeof ZCustomPageSchema>;

/** What the player puts in the document head for the page (the api renders it into the HTML too). */
export const ZCustomPageSeoSchema = lazySchema(() =>
  z.object({
    title: z.string(),
    description: z.string().nullable(),
    canonical: z.string(),
  }),
);

/** `GET custom-pages/{idOrSlug}` (spec 7): page, seo and set_seo (the app applies `seo` when true). */
export const ZCustomPageResponseSchema = lazySchema(() =>
  z.object({
    page: ZCustomPageSchema,
    seo: ZCustomPageSeoSchema,
    set_seo: z.boolean(),
  }),
);
export type TCustomPageResponse = z.infer<typeof ZCustomPageResponseSchema>;

export const ZCustomPageParamsSchema = lazySchema(() => z.object({ idOrSlug: z.string().min(1).max(255) }));

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `The ${label} may not be greater than ${max} characters.`)
    .nullish()
    .transform((value) => value || null);

export const ZCustomPagePayloadSchema = lazySchema(() =>
  z.object({
    title: requiredString('title')
      .trim()
      .min(1, 'The title field is required.')
      .max(255, 'The title may not be greater than 255 characters.'),
    /** Made from the title when empty. */
    slug: z
      .string()
      .trim()
      .max(100, 'The slug may not be greater than 100 characters.')
      .refine((slug) => slug === '' || CUSTOM_PAGE_SLUG.test(slug), {
        message: 'The slug may only contain lowercase letters, numbers and single hyphens.',
      })
      .optional(),
    body: z.string().max(CUSTOM_PAGE_BODY_MAX, 'The body is too long.').default(''),
    meta_title: optionalText(255, 'meta title'),
    meta_description: optionalText(1000, 'meta description'),
    hide_nav: z.boolean().default(false),
  }),
);
export type TCustomPagePayload = z.input<typeof ZCustomPagePayloadSchema>;

export const ZCustomPageListQuerySchema = lazySchema(() =>
  adminListQuerySchema(['title', 'slug', 'updated_at', 'created_at']),
);
export const ZCustomPageSavedSchema = lazySchema(() => z.object({ page: ZCustomPageSchema }));
export type TCustomPageSaved = z.infer<typeof ZCustomPageSavedSchema>;
