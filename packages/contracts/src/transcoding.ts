import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import {
  CROSSFADE_MAX_SECONDS,
  LOUDNESS_MODES,
  MAX_BIT_RATE_LIMIT,
  PREAMP_MAX_DB,
  PREAMP_MIN_DB,
  TRANSCODE_FORMATS,
  type TTranscodeFormat,
} from './transcoding-formats';

export { TRANSCODE_FORMATS, type TTranscodeFormat };

/**
 * `GET /api/v1/tracks/{id}/stream` query (the Subsonic `stream` parameters): `maxBitRate` in kbps
 * (0: no limit), `format` (`raw`: the original, whatever it is), `timeOffset` in seconds (a seek
 * into a transcode that is still being made).
 */
export const ZStreamQuerySchema = lazySchema(() =>
  z.object({
    maxBitRate: z.coerce.number().int().min(0).max(MAX_BIT_RATE_LIMIT).optional(),
    format: z.enum([...TRANSCODE_FORMATS, 'raw']).optional(),
    timeOffset: z.coerce.number().min(0).max(86_400).optional(),
  }),
);
export type TStreamQuery = z.infer<typeof ZStreamQuerySchema>;

/** A listener's own listening settings (account settings, `GET/PUT /api/v1/account/listening`). */
export const ZListeningSettingsSchema = lazySchema(() =>
  z.object({
    /** kbps; null: no limit of their own. */
    max_bit_rate: z.int().min(32).max(MAX_BIT_RATE_LIMIT).nullable(),
    /** What transcodes are made as for them; null: the site's default. */
    format: z.enum(TRANSCODE_FORMATS).nullable(),
    loudness: z.enum(LOUDNESS_MODES),
    /** dB added to the ReplayGain gain (the player still keeps every peak under full scale). */
    preamp_db: z.number().min(PREAMP_MIN_DB).max(PREAMP_MAX_DB),
    crossfade_seconds: z.number().min(0).max(CROSSFADE_MAX_SECONDS),
  }),
);
export type TListeningSettings = z.infer<typeof ZListeningSettingsSchema>;

export const ZListeningSettingsPayloadSchema = lazySchema(() => ZListeningSettingsSchema.partial().strict());
export type TListeningSettingsPayload = z.infer<typeof ZListeningSettingsPayloadSchema>;

export const ZListeningSettingsResponseSchema = lazySchema(() =>
  z.object({ settings: ZListeningSettingsSchema }),
);

/** `GET /api/v1/admin/loudness` and the answer of `POST .../backfill`: how much of the catalogue is measured. */
export const ZLoudnessProgressResponseSchema = lazySchema(() =>
  z.object({
    measured: z.number().int(),
    total: z.number().int(),
    /** Measurements waiting in the queue right now (the backfill's answer: how many it queued). */
    queued: z.number().int().optional(),
    /** false: no ffmpeg on this server, nothing can be measured. */
    available: z.boolean(),
  }),
);
export type TLoudnessProgressResponse = z.infer<typeof ZLoudnessProgressResponseSchema>;
