import { z } from 'zod';
import { ZIdNameSchema } from './catalogue';
import { lazySchema } from './lazy-schema';

export const RADIO_SEED_TYPES = ['artist', 'track', 'genre', 'playlist', 'user'] as const;
export const ZRadioSeedTypeSchema = lazySchema(() => z.enum(RADIO_SEED_TYPES));
export type TRadioSeedType = z.infer<typeof ZRadioSeedTypeSchema>;

/** A radio never plays the same track twice within this many tracks. */
export const RADIO_NO_REPEAT_WINDOW = 50;

const ZExcludedIdsSchema = lazySchema(() =>
  z
    .string()
    .max(2000)
    .optional()
    .transform((value, ctx) => {
      const parts = (value ?? '').split(',').filter(Boolean);
      const ids = parts.map(Number);
      if (ids.some((id) => !Number.isSafeInteger(id) || id < 1)) {
        ctx.addIssue({ code: 'custom', message: 'The excluded ids must be positive integers.' });
        return z.NEVER;
      }
      return ids;
    }),
);

export const ZRadioParamsSchema = lazySchema(() =>
  z.object({
    seedType: ZRadioSeedTypeSchema,
    // Genres are addressed by name, every other seed by numeric id.
    seedId: z.string().trim().min(1).max(255),
  }),
);

/**
 * `perPage` tracks per call; a player refills by sending the ids it already queued (`exclude`,
 * newest last): the answer never contains them, so 50 consecutive tracks never repeat.
 */
export const ZRadioQuerySchema = lazySchema(() =>
  z.object({
    perPage: z.coerce.number().int().min(1).max(RADIO_NO_REPEAT_WINDOW).default(RADIO_NO_REPEAT_WINDOW),
    exclude: ZExcludedIdsSchema,
  }),
);
export type TRadioQuery = z.infer<typeof ZRadioQuerySchema>;

export const ZRadioTrackSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    image: z.string().nullable(),
    duration: z.number().nullable(),
    plays: z.number(),
    album: ZIdNameSchema.nullable(),
    artists: z.array(ZIdNameSchema),
  }),
);
export type TRadioTrack = z.infer<typeof ZRadioTrackSchema>;

export const ZRadioResponseSchema = lazySchema(() =>
  z.object({
    seed: z.object({ type: ZRadioSeedTypeSchema, id: z.union([z.number(), z.string()]), name: z.string() }),
    tracks: z.array(ZRadioTrackSchema),
  }),
);
export type TRadioResponse = z.infer<typeof ZRadioResponseSchema>;

export const ZSimilarArtistSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    image_small: z.string().nullable(),
    score: z.number(),
  }),
);
export const ZSimilarArtistsResponseSchema = lazySchema(() =>
  z.object({ artists: z.array(ZSimilarArtistSchema) }),
);
export type TSimilarArtistsResponse = z.infer<typeof ZSimilarArtistsResponseSchema>;

/** `GET artists/{id}/similar?perPage=`. */
export const ZSimilarArtistsQuerySchema = lazySchema(() =>
  z.object({
    perPage: z.coerce.number().int().min(1).max(50).default(10),
  }),
);
/** `POST similar-artists/recompute` (and the job's payload): one artist, or all when absent. */
export const ZSimilarArtistsRecomputeSchema = lazySchema(() =>
  z.object({ artistId: z.number().int().positive().optional() }).default({}),
);
export type TSimilarArtistsRecompute = z.infer<typeof ZSimilarArtistsRecomputeSchema>;
