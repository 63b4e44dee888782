import { z } from 'zod';
import { ZI18nSchema, ZLocalizationSchema } from './i18n';
import { lazySchema } from './lazy-schema';
import { ZMenuSchema } from './menu';
import { ZClientSettingsSchema } from './settings';
import { ZThemeSchema } from './theme';
import { ZGuestRoleSchema, ZUserSchema } from './user';

/** Where each app and the api live (each may be on its own origin: PLAYER_URL, ADMIN_URL...). */
export const ZAppUrlsSchema = lazySchema(() =>
  z.object({
    api: z.string(),
    player: z.string(),
    admin: z.string(),
    backstage: z.string(),
  }),
);
export type TAppUrls = z.infer<typeof ZAppUrlsSchema>;

/**
 * Spec 1 bootstrap data: inlined into each SPA's index.html as `window.bootstrapData` in
 * single-node mode and served by `GET /api/v1/bootstrap-data`.
 */
export const ZBootstrapDataSchema = lazySchema(() =>
  z.object({
    settings: ZClientSettingsSchema,
    i18n: ZI18nSchema,
    localizations: z.array(ZLocalizationSchema),
    themes: z.object({ all: z.array(ZThemeSchema), selectedThemeId: z.number().nullable() }),
    menus: z.array(ZMenuSchema),
    user: ZUserSchema.nullable(),
    guest_role: ZGuestRoleSchema.nullable(),
    show_cookie_notice: z.boolean(),
    csrf_token: z.string().optional(),
    app_urls: ZAppUrlsSchema.optional(),
  }),
);
export type TBootstrapData = z.infer<typeof ZBootstrapDataSchema>;

export const ZBootstrapResponseSchema = lazySchema(() => z.object({ bootstrapData: ZBootstrapDataSchema }));

/** The name of the global the api writes into index.html. */
export const BOOTSTRAP_GLOBAL = 'bootstrapData';
