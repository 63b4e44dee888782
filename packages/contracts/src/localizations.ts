import { z } from 'zod';
import { adminListQuerySchema, ZBooleanFilterSchema } from './admin-list';
import { lazySchema } from './lazy-schema';

/** Spec 2.12 localizations: the languages, each with its translated lines. */
export const ZAdminLocalizationSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    language: z.string(),
    is_default: z.boolean(),
    /** Lines with a translation, out of `lines_count` source lines. */
    translated_count: z.number(),
    lines_count: z.number(),
    updated_at: z.string(),
  }),
);
export type TAdminLocalization = z.infer<typeof ZAdminLocalizationSchema>;

export const LOCALIZATIONS_SORTABLE = ['name', 'language', 'updated_at'] as const;
export const ZLocalizationsQuerySchema = lazySchema(() => adminListQuerySchema(LOCALIZATIONS_SORTABLE));
export type TLocalizationsQuery = z.infer<typeof ZLocalizationsQuerySchema>;

/** `en`, `fr`, `pt-BR`, `zh-Hant`: what the apps pick a language by. */
export const ZLanguageCodeSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'Use a language code such as fr or pt-BR.'),
);

export const ZCreateLocalizationPayloadSchema = lazySchema(() =>
  z.object({
    name: z.string().trim().min(1, 'The name is required.').max(100),
    language: ZLanguageCodeSchema,
  }),
);
export type TCreateLocalizationPayload = z.infer<typeof ZCreateLocalizationPayloadSchema>;

export const ZUpdateLocalizationPayloadSchema = lazySchema(() =>
  ZCreateLocalizationPayloadSchema.pick({ name: true }),
);
export type TUpdateLocalizationPayload = z.infer<typeof ZUpdateLocalizationPayloadSchema>;

export const ZLocalizationResponseSchema = lazySchema(() =>
  z.object({ localization: ZAdminLocalizationSchema }),
);

/** `GET localizations/{id}/lines`: every source line with its translation, searchable. */
export const ZLocalizationLinesQuerySchema = lazySchema(() =>
  z.object({
    page: z.coerce.number().int().min(1).default(1),
    perPage: z.coerce.number().int().min(1).max(100).default(25),
    query: z.string().trim().max(255).optional(),
    untranslated: ZBooleanFilterSchema,
  }),
);
export type TLocalizationLinesQuery = z.infer<typeof ZLocalizationLinesQuerySchema>;

export const ZLocalizationLineSchema = lazySchema(() =>
  z.object({
    key: z.string(),
    source: z.string(),
    translation: z.string(),
  }),
);
export type TLocalizationLine = z.infer<typeof ZLocalizationLineSchema>;

export const LINE_TRANSLATION_MAX = 5000;
/** Saves translations by source line; an empty translation removes it (the source shows). */
export const ZSaveLinesPayloadSchema = lazySchema(() =>
  z.object({
    lines: z
      .record(z.string().max(1000), z.string().max(LINE_TRANSLATION_MAX))
      .refine((lines) => Object.keys(lines).length > 0, 'Send at least one line.')
      .refine((lines) => Object.keys(lines).length <= 500, 'At most 500 lines at once.'),
  }),
);
export type TSaveLinesPayload = z.infer<typeof ZSaveLinesPayloadSchema>;

export const ZSaveLinesResponseSchema = lazySchema(() =>
  z.object({ message: z.string(), saved: z.number() }),
);
