import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/** What account settings show of a user's Subsonic access (never the app password itself). */
export const ZSubsonicAccountSchema = lazySchema(() =>
  z.object({
    /** The admin's `subsonic.enable`: when off, nothing else here matters. */
    is_available: z.boolean(),
    is_enabled: z.boolean(),
    has_password: z.boolean(),
    password_created_at: z.string().nullable(),
    last_used_at: z.string().nullable(),
    /** What a person types into an app. */
    server_url: z.string(),
    username: z.string(),
  }),
);
export type TSubsonicAccount = z.infer<typeof ZSubsonicAccountSchema>;

export const ZSubsonicAccountResponseSchema = lazySchema(() =>
  z.object({ subsonic: ZSubsonicAccountSchema }),
);
export type TSubsonicAccountResponse = z.infer<typeof ZSubsonicAccountResponseSchema>;

/** `PUT account/subsonic`: the per-user switch. */
export const ZSubsonicSettingsPayloadSchema = lazySchema(() => z.object({ is_enabled: z.boolean() }));
export type TSubsonicSettingsPayload = z.infer<typeof ZSubsonicSettingsPayloadSchema>;

/** `POST account/subsonic/password`: the new app password, shown once (it replaces the old one). */
export const ZSubsonicPasswordResponseSchema = lazySchema(() =>
  z.object({
    subsonic: ZSubsonicAccountSchema,
    app_password: z.string(),
  }),
);
export type TSubsonicPasswordResponse = z.infer<typeof ZSubsonicPasswordResponseSchema>;
