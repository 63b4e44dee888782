import { z } from 'zod';
import { lazySchema } from './lazy-schema';

export const ZLocalizationSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    language: z.string(),
  }),
);
export type TLocalization = z.infer<typeof ZLocalizationSchema>;

/** Spec 1 "i18n (language, lines)": lines map an English source string to its translation. */
export const ZI18nSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    language: z.string(),
    lines: z.record(z.string(), z.string()),
  }),
);
export type TI18n = z.infer<typeof ZI18nSchema>;
