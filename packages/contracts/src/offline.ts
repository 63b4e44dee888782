import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/** What a listener can save for offline listening (issue 37). */
export const OFFLINE_COLLECTION_TYPES = ['album', 'playlist'] as const;
export type TOfflineCollectionType = (typeof OFFLINE_COLLECTION_TYPES)[number];

export const ZOfflineCollectionParamsSchema = lazySchema(() =>
  z.object({
    type: z.enum(OFFLINE_COLLECTION_TYPES),
    id: z.coerce.number().int().positive(),
  }),
);

export const ZOfflineTrackSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    duration: z.number().nullable(),
    /** The api's own stream path: the one URL the player asks for, so the worker can answer it. */
    stream_url: z.string(),
    image: z.string().nullable(),
  }),
);
export type TOfflineTrack = z.infer<typeof ZOfflineTrackSchema>;

/**
 * The download manifest: the playable tracks of an album or playlist that this listener may play
 * (private tracks and tracks without an uploaded or linked file are left out), with the images
 * the pages show.
 */
export const ZOfflineManifestSchema = lazySchema(() =>
  z.object({
    type: z.enum(OFFLINE_COLLECTION_TYPES),
    id: z.number(),
    name: z.string(),
    image: z.string().nullable(),
    tracks: z.array(ZOfflineTrackSchema),
  }),
);
export type TOfflineManifest = z.infer<typeof ZOfflineManifestSchema>;

export const ZOfflineManifestResponseSchema = lazySchema(() =>
  z.object({ manifest: ZOfflineManifestSchema }),
);
export type TOfflineManifestResponse = z.infer<typeof ZOfflineManifestResponseSchema>;
