import { z } from 'zod';

/** Spec 3 "Value lists". */
export const ZTimezoneGroupsSchema = z.record(
  z.string(),
  z.array(z.object({ value: z.string(), text: z.string() })),
);
export const ZCountrySchema = z.object({ code: z.string(), name: z.string() });
export const ZLocalizationOptionSchema = z.object({ language: z.string(), name: z.string() });

export const VALUE_LIST_NAMES = ['timezones', 'countries', 'localizations'] as const;
export type TValueListName = (typeof VALUE_LIST_NAMES)[number];

export const ZValueListsResponseSchema = z.object({
  timezones: ZTimezoneGroupsSchema.optional(),
  countries: z.array(ZCountrySchema).optional(),
  localizations: z.array(ZLocalizationOptionSchema).optional(),
});
export type TValueListsResponse = z.infer<typeof ZValueListsResponseSchema>;
