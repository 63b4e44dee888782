import { z } from 'zod';
import { ZPasswordFieldSchema } from './auth';
import { lazySchema } from './lazy-schema';

/** Spec 3 "Session"; `token` is the token's name on personal-access-token rows ("API Token" in the UI). */
export const ZUserSessionSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    device_type: z.enum(['mobile', 'tablet', 'desktop']).nullable(),
    platform: z.string().nullable(),
    browser: z.string().nullable(),
    city: z.string().nullable(),
    country: z.string().nullable(),
    ip_address: z.string().nullable(),
    token: z.string().nullable(),
    last_active: z.string(),
    is_current_device: z.boolean(),
  }),
);
export type TUserSession = z.infer<typeof ZUserSessionSchema>;

export const ZUserSessionsResponseSchema = lazySchema(() =>
  z.object({ sessions: z.array(ZUserSessionSchema) }),
);
export type TUserSessionsResponse = z.infer<typeof ZUserSessionsResponseSchema>;

export const ZLogoutOtherSessionsPayloadSchema = lazySchema(() =>
  z.object({ password: ZPasswordFieldSchema }),
);
export const LOGGED_OUT_OTHER_SESSIONS_MESSAGE = 'Logged out other sessions.';
