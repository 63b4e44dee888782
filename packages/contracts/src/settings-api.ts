import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/**
 * `GET/POST /api/v1/settings` (design "settings-and-permissions" 1): env-level keys under
 * `server` (lower-case variable names), DB keys under `client` (nested by dots); secrets masked.
 */
export const ZSettingsPayloadSchema = lazySchema(() =>
  z.object({
    server: z.record(z.string(), z.unknown()).default({}),
    client: z.record(z.string(), z.unknown()).default({}),
  }),
);
export type TSettingsPayload = z.infer<typeof ZSettingsPayloadSchema>;

/** Where an env-level setting comes from: its variable, and whether the admin may store it. */
export const ZEnvSettingInfoSchema = lazySchema(() =>
  z.object({ variable: z.string(), is_locked: z.boolean() }),
);
export type TEnvSettingInfo = z.infer<typeof ZEnvSettingInfoSchema>;

export const ZSettingsResponseSchema = lazySchema(() =>
  z.object({
    server: z.record(z.string(), z.unknown()),
    client: z.record(z.string(), z.unknown()),
    env: z.record(z.string(), ZEnvSettingInfoSchema),
    /** Mail leaves the server (other tabs warn otherwise); MAIL_URL overrides the tab. */
    mail: z.object({ is_setup: z.boolean(), is_url_override: z.boolean() }),
  }),
);
export type TSettingsResponse = z.infer<typeof ZSettingsResponseSchema>;

export const ZSaveSettingsResponseSchema = lazySchema(() =>
  z.object({
    message: z.string(),
    changed: z.array(z.string()),
  }),
);
export type TSaveSettingsResponse = z.infer<typeof ZSaveSettingsResponseSchema>;

/** Queue tab: the driver, whether this process works the queue, and the failed jobs. */
export const ZQueueFailedJobSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    failed_at: z.string().nullable(),
    attempts: z.number(),
    error: z.string(),
  }),
);
export type TQueueFailedJob = z.infer<typeof ZQueueFailedJobSchema>;

export const ZQueueStatusSchema = lazySchema(() =>
  z.object({
    driver: z.enum(['in-process', 'redis']),
    worker: z.enum(['running', 'paused', 'separate process']),
    counts: z.object({ waiting: z.number(), active: z.number(), failed: z.number() }),
    failed: z.array(ZQueueFailedJobSchema),
  }),
);
export type TQueueStatus = z.infer<typeof ZQueueStatusSchema>;

export const ZQueueJobParamsSchema = lazySchema(() => z.object({ jobId: z.string().min(1).max(200) }));

/** General tab "Generate sitemap": how much was written and where the index is. */
export const ZGenerateSitemapResponseSchema = lazySchema(() =>
  z.object({
    message: z.string(),
    files: z.number(),
    urls: z.number(),
    url: z.string(),
  }),
);
export type TGenerateSitemapResponse = z.infer<typeof ZGenerateSitemapResponseSchema>;
