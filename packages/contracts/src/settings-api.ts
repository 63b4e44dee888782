import { z } from 'zod';

/**
 * `GET/POST /api/v1/settings` (design "settings-and-permissions" 1): env-level keys under
 * `server` (lower-case variable names), DB keys under `client` (nested by dots); secrets masked.
 */
export const ZSettingsPayloadSchema = z.object({
  server: z.record(z.string(), z.unknown()).default({}),
  client: z.record(z.string(), z.unknown()).default({}),
});
export type TSettingsPayload = z.infer<typeof ZSettingsPayloadSchema>;

export const ZSettingsResponseSchema = z.object({
  server: z.record(z.string(), z.unknown()),
  client: z.record(z.string(), z.unknown()),
});
export type TSettingsResponse = z.infer<typeof ZSettingsResponseSchema>;

export const ZSaveSettingsResponseSchema = z.object({
  message: z.string(),
  changed: z.array(z.string()),
});
