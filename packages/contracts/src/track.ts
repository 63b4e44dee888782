import { z } from 'zod';
import { IMAGE_WIDTHS } from './artwork';
import {
  catalogueListQuerySchema,
  catalogueShowQuerySchema,
  ZAlbumRefSchema,
  ZArtistRefSchema,
  ZIdSchema,
  ZNamedRefSchema,
  ZNameListSchema,
} from './catalogue';
import { lazySchema } from './lazy-schema';

export const TRACK_VISIBILITIES = ['public', 'unlisted', 'private'] as const;

export const ZTrackSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    slug: z.string(),
    number: z.number().nullable(),
    /** Milliseconds. */
    duration: z.number().nullable(),
    album_id: z.number().nullable(),
    album: ZAlbumRefSchema.nullable(),
    artists: z.array(ZArtistRefSchema),
    /** External URL when the audio lives elsewhere; local files are played through `stream_url`. */
    src: z.string().nullable(),
    stream_url: z.string().nullable(),
    mime: z.string().nullable(),
    bitrate: z.number().nullable(),
    /** ReplayGain 2.0 (reference -18 LUFS): gains in dB, true peaks linear; null until measured (issue 36). */
    replay_gain: z
      .object({
        track_gain: z.number(),
        track_peak: z.number(),
        album_gain: z.number().nullable(),
        album_peak: z.number().nullable(),
      })
      .nullable()
      .optional(),
    image: z.string().nullable(),
    description: z.string().nullable(),
    isrc: z.string().nullable(),
    explicit: z.boolean(),
    plays: z.number(),
    downloads: z.number(),
    owner_id: z.number().nullable(),
    released_at: z.string().nullable(),
    visibility: z.enum(TRACK_VISIBILITIES),
    created_at: z.string(),
    updated_at: z.string(),
    genres: z.array(ZNamedRefSchema).optional(),
    tags: z.array(ZNamedRefSchema).optional(),
    has_lyrics: z.boolean().optional(),
    counts: z.record(z.string(), z.number()).optional(),
  }),
);
export type TTrack = z.infer<typeof ZTrackSchema>;

export const TRACK_LIST_ALLOW = {
  with: ['genres', 'tags', 'lyrics'],
  loadCount: ['likes', 'reposts', 'comments', 'plays'],
  orderBy: ['name', 'plays', 'duration', 'released_at', 'created_at', 'id'],
} as const;
export const ZTrackListQuerySchema = lazySchema(() =>
  catalogueListQuerySchema(TRACK_LIST_ALLOW).extend({
    artistId: ZIdSchema.optional(),
    albumId: ZIdSchema.optional(),
    genre: z.string().trim().max(100).optional(),
  }),
);
export const TRACK_SHOW_ALLOW = {
  with: ['genres', 'tags', 'lyrics'],
  loadCount: TRACK_LIST_ALLOW.loadCount,
} as const;
export const ZTrackShowQuerySchema = lazySchema(() => catalogueShowQuerySchema(TRACK_SHOW_ALLOW));

const ZSrcSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .max(2000)
    .refine(
      (value) => /^https?:\/\//i.test(value),
      'The audio source must be an http(s) URL; upload files instead.',
    ),
);

export const ZTrackCreateSchema = lazySchema(() =>
  z.object({
    name: z
      .string()
      .trim()
      .min(1, 'The name is required.')
      .max(255, 'The name may not be longer than 255 characters.'),
    number: z.number().int().min(1).max(10_000).nullish(),
    duration: z
      .number()
      .int()
      .min(0)
      .max(24 * 3600 * 1000)
      .nullish(),
    album_id: ZIdSchema.nullish(),
    artist_ids: z.array(ZIdSchema).min(1, 'Choose at least one artist.').max(20),
    src: ZSrcSchema.nullish(),
    file_entry_id: ZIdSchema.nullish(),
    image: z.string().trim().max(2000).nullish(),
    description: z.string().max(10_000).nullish(),
    isrc: z
      .string()
      .trim()
      .regex(/^[A-Z]{2}-?[A-Z0-9]{3}-?\d{2}-?\d{5}$/i, 'The ISRC looks like CC-XXX-YY-NNNNN.')
      .nullish(),
    explicit: z.boolean().optional(),
    released_at: z.iso.datetime({ offset: true }).nullish(),
    visibility: z.enum(TRACK_VISIBILITIES).optional(),
    genres: ZNameListSchema.optional(),
    tags: ZNameListSchema.optional(),
  }),
);
export type TTrackCreate = z.infer<typeof ZTrackCreateSchema>;
export const ZTrackUpdateSchema = lazySchema(() => ZTrackCreateSchema.partial());
export type TTrackUpdate = z.infer<typeof ZTrackUpdateSchema>;
export const ZTrackResponseSchema = lazySchema(() => z.object({ track: ZTrackSchema }));
export type TTrackResponse = z.infer<typeof ZTrackResponseSchema>;
export const ZWaveResponseSchema = lazySchema(() => z.object({ waveform: z.array(z.number()) }));
export type TWaveResponse = z.infer<typeof ZWaveResponseSchema>;

/** `GET images/...?w=`: one of the widths the api resizes stored images to. */
export const ZImageQuerySchema = lazySchema(() =>
  z.object({
    w: z.coerce
      .number()
      .int()
      .refine((value) => (IMAGE_WIDTHS as readonly number[]).includes(value), {
        message: `w must be one of ${IMAGE_WIDTHS.join(', ')}.`,
      })
      .optional(),
  }),
);
