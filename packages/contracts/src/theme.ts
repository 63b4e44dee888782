import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/** Spec 3 "Theme": values maps CSS variable names (e.g. `--be-background`) to values. */
export const ZThemeSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    is_dark: z.boolean(),
    default_light: z.boolean(),
    default_dark: z.boolean(),
    values: z.record(z.string(), z.string()),
  }),
);
export type TTheme = z.infer<typeof ZThemeSchema>;
