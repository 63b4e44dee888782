import { z } from 'zod';
import { ZAlbumRefSchema, ZArtistRefSchema } from './catalogue';
import { lazySchema } from './lazy-schema';

/** Where a play started (the player reports the page its queue came from; insights group by it). */
export const PLAY_SOURCES = [
  'player',
  'embed',
  'radio',
  'api',
  'album',
  'artist',
  'playlist',
  'search',
  'track',
  'library',
  'queue',
  'channel',
  'other',
] as const;
export type TPlaySource = (typeof PLAY_SOURCES)[number];

/**
 * How late a play may be reported with the time it was heard (a play made offline, sent when the
 * connection returns): Last.fm and ListenBrainz take scrobbles up to 14 days old, and so do we.
 */
export const PLAY_REPORT_MAX_AGE_DAYS = 14;
/** A device clock ahead of the server's by up to this much is not a play "in the future". */
export const PLAY_REPORT_CLOCK_SKEW_MS = 5 * 60 * 1000;

export const ZRecordPlaySchema = lazySchema(() =>
  z.object({
    duration_played_ms: z
      .number()
      .int()
      .min(0)
      .max(24 * 3600 * 1000),
    source: z.enum(PLAY_SOURCES).default('player'),
    /** When the listening ended, for a play reported late; the server's clock when absent. */
    played_at: z.iso.datetime({ offset: true }).optional(),
  }),
);
export const ZRecordPlayResponseSchema = lazySchema(() =>
  z.object({
    recorded: z.boolean(),
    plays: z.number(),
    threshold_ms: z.number(),
  }),
);

export const ZHistoryItemSchema = lazySchema(() =>
  z.object({
    played_at: z.string(),
    track: z.object({
      id: z.number(),
      name: z.string(),
      duration: z.number().nullable(),
      image: z.string().nullable(),
      album: ZAlbumRefSchema.nullable(),
      artists: z.array(ZArtistRefSchema),
    }),
  }),
);
export type THistoryItem = z.infer<typeof ZHistoryItemSchema>;
