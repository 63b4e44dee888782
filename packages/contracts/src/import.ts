import { z } from 'zod';
import { lazySchema } from './lazy-schema';

export const IMPORT_EXTENSIONS = ['mp3', 'flac', 'ogg', 'opus', 'oga', 'm4a', 'wav'] as const;

/** What the metadata reader found in one audio file (all optional: files without tags exist). */
export const ZAudioMetadataSchema = lazySchema(() =>
  z.object({
    title: z.string().nullable(),
    artists: z.array(z.string()),
    albumArtist: z.string().nullable(),
    album: z.string().nullable(),
    trackNumber: z.number().int().nullable(),
    year: z.number().int().nullable(),
    genres: z.array(z.string()),
    durationMs: z.number().int().nullable(),
    bitrate: z.number().int().nullable(),
    mime: z.string(),
    lyrics: z.string().nullable(),
    isLyricsSynced: z.boolean(),
    cover: z.object({ mime: z.string(), size: z.number().int() }).nullable(),
  }),
);
export type TAudioMetadata = z.infer<typeof ZAudioMetadataSchema>;

export const IMPORT_OUTCOMES = ['created', 'updated', 'unchanged', 'failed'] as const;
export type TImportOutcome = (typeof IMPORT_OUTCOMES)[number];

export const ZImportSummarySchema = lazySchema(() =>
  z.object({
    scanned: z.number().int(),
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    failed: z.array(z.object({ file: z.string(), reason: z.string() })),
    artistsCreated: z.number().int(),
    albumsCreated: z.number().int(),
    durationMs: z.number(),
  }),
);
export type TImportSummary = z.infer<typeof ZImportSummarySchema>;
