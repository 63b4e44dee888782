import { z } from 'zod';
import {
  catalogueListQuerySchema,
  catalogueShowQuerySchema,
  ZIdSchema,
  ZIdSegmentSchema,
  ZUserRefSchema,
} from './catalogue';
import { lazySchema } from './lazy-schema';
import { ZSmartRulesSchema } from './smart-playlist';
import { ZTrackSchema } from './track';

export const ZPlaylistSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    slug: z.string(),
    description: z.string().nullable(),
    image: z.string().nullable(),
    public: z.boolean(),
    collaborative: z.boolean(),
    owner_id: z.number(),
    owner: ZUserRefSchema.nullable().optional(),
    plays: z.number(),
    views: z.number(),
    created_at: z.string(),
    updated_at: z.string(),
    tracks: z.array(ZTrackSchema.extend({ position: z.number(), added_at: z.string() })).optional(),
    editors: z.array(ZUserRefSchema).optional(),
    /** Set on a smart playlist: its tracks are these rules' result, evaluated on every read. */
    smart_rules: ZSmartRulesSchema.nullable().optional(),
    counts: z.record(z.string(), z.number()).optional(),
  }),
);
export type TPlaylist = z.infer<typeof ZPlaylistSchema>;

export const PLAYLIST_LIST_ALLOW = {
  with: ['owner', 'editors'],
  loadCount: ['tracks', 'likes'],
  orderBy: ['name', 'plays', 'views', 'created_at', 'updated_at', 'id'],
} as const;
export const ZPlaylistListQuerySchema = lazySchema(() => catalogueListQuerySchema(PLAYLIST_LIST_ALLOW));
export const PLAYLIST_SHOW_ALLOW = {
  with: ['owner', 'editors', 'tracks'],
  loadCount: ['tracks', 'likes'],
} as const;
export const ZPlaylistShowQuerySchema = lazySchema(() => catalogueShowQuerySchema(PLAYLIST_SHOW_ALLOW));

export const ZPlaylistCreateSchema = lazySchema(() =>
  z.object({
    name: z
      .string()
      .trim()
      .min(1, 'The name is required.')
      .max(100, 'The name may not be longer than 100 characters.'),
    description: z.string().max(5_000).nullish(),
    image: z.string().trim().max(2000).nullish(),
    public: z.boolean().optional(),
    collaborative: z.boolean().optional(),
    /** Rules make it a smart playlist (read-only track list); null turns an update back to a plain one. */
    smart_rules: ZSmartRulesSchema.nullable().optional(),
  }),
);
export type TPlaylistCreate = z.infer<typeof ZPlaylistCreateSchema>;
export const ZPlaylistUpdateSchema = lazySchema(() => ZPlaylistCreateSchema.partial());
export const ZPlaylistResponseSchema = lazySchema(() => z.object({ playlist: ZPlaylistSchema }));
export type TPlaylistResponse = z.infer<typeof ZPlaylistResponseSchema>;

/** Tracks are added in the given order after the last one; duplicates already present are skipped. */
export const PLAYLIST_TRACKS_MAX_BATCH = 500;
export const ZPlaylistTracksSchema = lazySchema(() =>
  z.object({
    track_ids: z.array(ZIdSchema).min(1, 'Choose at least one track.').max(PLAYLIST_TRACKS_MAX_BATCH),
  }),
);
/** The whole new order: every track id of the playlist exactly once. */
export const PLAYLIST_REORDER_MAX = 5_000;
export const ZPlaylistReorderSchema = lazySchema(() =>
  z.object({
    track_ids: z
      .array(ZIdSchema)
      .min(1)
      .max(PLAYLIST_REORDER_MAX, `A playlist reorder is limited to ${PLAYLIST_REORDER_MAX} tracks.`)
      .refine((ids) => new Set(ids).size === ids.length, 'Each track may appear only once.'),
  }),
);
export const ZPlaylistCollaboratorSchema = lazySchema(() => z.object({ user_id: ZIdSchema }));
export const ZPlaylistCollaboratorParamsSchema = lazySchema(() =>
  z.object({
    id: ZIdSegmentSchema,
    userId: ZIdSegmentSchema,
  }),
);
