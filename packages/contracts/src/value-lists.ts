import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/** Spec 3 "Value lists". */
export const ZTimezoneGroupsSchema = lazySchema(() =>
  z.record(z.string(), z.array(z.object({ value: z.string(), text: z.string() }))),
);
export const ZCountrySchema = lazySchema(() => z.object({ code: z.string(), name: z.string() }));
export const ZLocalizationOptionSchema = lazySchema(() =>
  z.object({ language: z.string(), name: z.string() }),
);

export const VALUE_LIST_NAMES = ['timezones', 'countries', 'localizations'] as const;
export type TValueListName = (typeof VALUE_LIST_NAMES)[number];

export const ZValueListsResponseSchema = lazySchema(() =>
  z.object({
    timezones: ZTimezoneGroupsSchema.optional(),
    countries: z.array(ZCountrySchema).optional(),
    localizations: z.array(ZLocalizationOptionSchema).optional(),
  }),
);
export type TValueListsResponse = z.infer<typeof ZValueListsResponseSchema>;

const knownNames = new Set<string>(VALUE_LIST_NAMES);

/** `GET value-lists/{names}`: comma-separated value-list names, each one known. */
export const ZValueListNamesParamsSchema = lazySchema(() =>
  z.object({
    names: z
      .string()
      .max(200)
      .transform((value) =>
        value
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean),
      )
      .superRefine((names, ctx) => {
        const unknown = names.filter((name) => !knownNames.has(name));
        if (names.length === 0) ctx.addIssue({ code: 'custom', message: 'Choose at least one value list.' });
        if (unknown.length > 0)
          ctx.addIssue({ code: 'custom', message: `Unknown value list: ${unknown.join(', ')}.` });
      })
      .pipe(z.array(z.enum(VALUE_LIST_NAMES))),
  }),
);
