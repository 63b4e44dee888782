import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/** Issue 37: playlists refused above these (nothing is created). */
export const PLAYLIST_IMPORT_MAX_BYTES = 50 * 1024 * 1024;
export const PLAYLIST_IMPORT_MAX_LINES = 100_000;
export const PLAYLIST_IMPORT_FORMATS = ['m3u', 'xspf', 'spotify'] as const;

/** `POST playlists/import?name=...` with the file as the body (`application/octet-stream`). */
export const ZPlaylistImportQuerySchema = lazySchema(() =>
  z.object({
    /** The playlist's name when the file has none (M3U); Spotify and XSPF files name their own. */
    name: z.string().trim().min(1).max(100).optional(),
    public: z.enum(['true', 'false']).optional(),
  }),
);

/** One entry of the file as read: what the matcher looked for. */
export const ZImportEntrySchema = lazySchema(() =>
  z.object({
    /** 1-based position of the entry in its playlist. */
    position: z.int(),
    title: z.string(),
    artist: z.string().nullable(),
    album: z.string().nullable(),
    duration_ms: z.int().nullable(),
  }),
);

export const ZImportMatchSchema = lazySchema(() =>
  z.object({
    entry: ZImportEntrySchema,
    track: z.object({
      id: z.int(),
      name: z.string(),
      artists: z.array(z.string()),
      album: z.string().nullable(),
    }),
    /** 0-1: how alike title, artist, album and duration are. */
    score: z.number(),
  }),
);

export const ZImportedPlaylistSchema = lazySchema(() =>
  z.object({
    name: z.string(),
    /** Null when nothing matched: no empty playlist is created. */
    playlist_id: z.int().nullable(),
    matched: z.array(ZImportMatchSchema),
    unmatched: z.array(ZImportEntrySchema),
  }),
);

export const ZPlaylistImportResponseSchema = lazySchema(() =>
  z.object({
    format: z.enum(PLAYLIST_IMPORT_FORMATS),
    playlists: z.array(ZImportedPlaylistSchema),
  }),
);
export type TPlaylistImportResponse = z.infer<typeof ZPlaylistImportResponseSchema>;
export type TImportEntry = z.infer<typeof ZImportEntrySchema>;
