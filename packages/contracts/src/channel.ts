import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { paginationSchema } from './pagination';
import {
  ZSearchAlbumSchema,
  ZSearchArtistSchema,
  ZSearchGenreSchema,
  ZSearchPlaylistSchema,
  ZSearchTrackSchema,
  ZSearchUserSchema,
} from './search';

export const CHANNEL_CONTENT_TYPES = ['manual', 'auto', 'list_all'] as const;
export const CHANNEL_CONTENT_MODELS = [
  'track',
  'album',
  'artist',
  'playlist',
  'genre',
  'channel',
  'user',
] as const;
export const CHANNEL_LAYOUTS = ['grid', 'carousel', 'track_table', 'list'] as const;
export const CHANNEL_RESTRICTIONS = ['genre', 'tag'] as const;
/** How a channel page loads past its first page: on scroll, by a button, or not at all. */
export const CHANNEL_PAGINATIONS = ['infinite_scroll', 'load_more', 'none'] as const;
export const CHANNEL_ORDERS = [
  'popularity:desc',
  'created_at:desc',
  'name:asc',
  'release_date:desc',
] as const;

export type TChannelContentModel = (typeof CHANNEL_CONTENT_MODELS)[number];
export type TChannelOrder = (typeof CHANNEL_ORDERS)[number];

/** Which automatic lists exist for which content model. */
export const AUTO_METHODS_BY_MODEL = {
  track: ['popular_tracks', 'new_releases'],
  album: ['popular_albums', 'new_releases'],
  artist: ['popular_artists'],
  playlist: ['popular_playlists'],
  genre: ['top_genres'],
  user: ['top_users'],
  channel: [],
} as const satisfies Record<TChannelContentModel, readonly string[]>;

export const CHANNEL_AUTO_METHODS = [
  'popular_tracks',
  'new_releases',
  'popular_albums',
  'popular_artists',
  'popular_playlists',
  'top_genres',
  'top_users',
] as const;
export type TChannelAutoMethod = (typeof CHANNEL_AUTO_METHODS)[number];

export const ZChannelConfigSchema = lazySchema(() =>
  z
    .object({
      content_type: z.enum(CHANNEL_CONTENT_TYPES),
      content_model: z.enum(CHANNEL_CONTENT_MODELS),
      auto_method: z.enum(CHANNEL_AUTO_METHODS).nullable().default(null),
      order: z.enum(CHANNEL_ORDERS).default('popularity:desc'),
      layout: z.enum(CHANNEL_LAYOUTS).default('grid'),
      hide_title: z.boolean().default(false),
      seo_title: z.string().max(255).nullable().default(null),
      seo_description: z.string().max(1000).nullable().default(null),
      restriction: z.enum(CHANNEL_RESTRICTIONS).nullable().default(null),
      pagination: z.enum(CHANNEL_PAGINATIONS).default('infinite_scroll'),
    })
    .superRefine((config, ctx) => {
      if (config.content_type === 'auto') {
        const allowed: readonly string[] = AUTO_METHODS_BY_MODEL[config.content_model];
        if (!config.auto_method || !allowed.includes(config.auto_method)) {
          ctx.addIssue({
            code: 'custom',
            path: ['auto_method'],
            message: allowed.length
              ? `Choose one of: ${allowed.join(', ')}.`
              : 'This content model has no automatic lists; use manual content.',
          });
        }
      }
      if (config.content_model === 'channel' && config.content_type !== 'manual') {
        ctx.addIssue({ code: 'custom', path: ['content_type'], message: 'Channels of channels are manual.' });
      }
    }),
);
export type TChannelConfig = z.infer<typeof ZChannelConfigSchema>;

export const ZChannelSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    slug: z.string(),
    description: z.string().nullable(),
    config: ZChannelConfigSchema,
    created_at: z.string(),
    updated_at: z.string(),
  }),
);
export type TChannel = z.infer<typeof ZChannelSchema>;

export const ZChannelTrackItemSchema = lazySchema(() =>
  ZSearchTrackSchema.extend({ model_type: z.literal('track') }),
);
export const ZChannelAlbumItemSchema = lazySchema(() =>
  ZSearchAlbumSchema.extend({ model_type: z.literal('album') }),
);
export const ZChannelArtistItemSchema = lazySchema(() =>
  ZSearchArtistSchema.extend({ model_type: z.literal('artist') }),
);
export const ZChannelPlaylistItemSchema = lazySchema(() =>
  ZSearchPlaylistSchema.extend({ model_type: z.literal('playlist') }),
);
export const ZChannelGenreItemSchema = lazySchema(() =>
  ZSearchGenreSchema.extend({ model_type: z.literal('genre') }),
);
export const ZChannelUserItemSchema = lazySchema(() =>
  ZSearchUserSchema.extend({ model_type: z.literal('user') }),
);

export const ZChannelLeafItemSchema = lazySchema(() =>
  z.discriminatedUnion('model_type', [
    ZChannelTrackItemSchema,
    ZChannelAlbumItemSchema,
    ZChannelArtistItemSchema,
    ZChannelPlaylistItemSchema,
    ZChannelGenreItemSchema,
    ZChannelUserItemSchema,
  ]),
);
export type TChannelLeafItem = z.infer<typeof ZChannelLeafItemSchema>;

const ZContentPageSchema = <T extends z.ZodType>(item: T) => paginationSchema(item).shape.pagination;

/** A child channel inside a channel of channels, with the first page of its own content. */
export const ZChannelChildItemSchema = lazySchema(() =>
  ZChannelSchema.extend({
    model_type: z.literal('channel'),
    content: ZContentPageSchema(ZChannelLeafItemSchema),
  }),
);
export const ZChannelItemSchema = lazySchema(() =>
  z.discriminatedUnion('model_type', [
    ZChannelTrackItemSchema,
    ZChannelAlbumItemSchema,
    ZChannelArtistItemSchema,
    ZChannelPlaylistItemSchema,
    ZChannelGenreItemSchema,
    ZChannelUserItemSchema,
    ZChannelChildItemSchema,
  ]),
);
export type TChannelItem = z.infer<typeof ZChannelItemSchema>;

/** `GET /api/v1/channel/{slugOrId}?restriction=&page=&perPage=` */
export const ZChannelQuerySchema = lazySchema(() =>
  z.object({
    restriction: z.string().trim().min(1).max(255).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    perPage: z.coerce.number().int().min(1).max(100).default(25),
  }),
);
export type TChannelQuery = z.infer<typeof ZChannelQuerySchema>;

export const ZChannelResponseSchema = lazySchema(() =>
  z.object({
    channel: ZChannelSchema.extend({
      /** The genre or tag the content is filtered by, when `?restriction=` named one. */
      restriction: z
        .object({ type: z.enum(CHANNEL_RESTRICTIONS), id: z.number(), name: z.string() })
        .nullable(),
      content: ZContentPageSchema(ZChannelItemSchema),
    }),
  }),
);
export type TChannelResponse = z.infer<typeof ZChannelResponseSchema>;

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const ZChannelContentRefSchema = lazySchema(() =>
  z.object({
    model_type: z.enum(CHANNEL_CONTENT_MODELS),
    model_id: z.number().int().positive(),
  }),
);

/** Admin create/update; `content` replaces the manual list (in order) when given. */
export const ZChannelPayloadSchema = lazySchema(() =>
  z.object({
    name: z.string().trim().min(1).max(100),
    slug: z
      .string()
      .trim()
      .toLowerCase()
      .max(100)
      .regex(SLUG_PATTERN, 'Use lowercase letters, digits and dashes.')
      .optional(),
    description: z.string().max(2000).nullable().optional(),
    config: ZChannelConfigSchema,
    content: z.array(ZChannelContentRefSchema).max(500).optional(),
  }),
);
export type TChannelPayload = z.infer<typeof ZChannelPayloadSchema>;

export const ZChannelListQuerySchema = lazySchema(() =>
  z.object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    perPage: z.coerce.number().int().min(1).max(100).default(15),
    query: z.string().trim().max(255).optional(),
  }),
);
export const ZChannelListResponseSchema = lazySchema(() => paginationSchema(ZChannelSchema));
export const ZChannelSavedResponseSchema = lazySchema(() =>
  z.object({
    channel: ZChannelSchema,
    /** Manual items that no longer exist (deleted meanwhile): left out of the saved list. */
    dropped: z.array(ZChannelContentRefSchema).default([]),
  }),
);

/** `POST /api/v1/channels/preview`: an unsaved channel rendered as `GET channel/{id}` would. */
export const ZChannelPreviewSchema = lazySchema(() =>
  ZChannelPayloadSchema.extend({
    id: z.number().int().positive().optional(),
  }),
);
export type TChannelPreview = z.infer<typeof ZChannelPreviewSchema>;

/** Where a channel shows besides its own page: the home page, the player's sidebar. */
export const ZChannelPlacementSchema = lazySchema(() =>
  z.object({
    home: z.boolean().optional(),
    sidebar: z.boolean().optional(),
  }),
);
export type TChannelPlacement = z.infer<typeof ZChannelPlacementSchema>;

/** The admin editor's view of one channel: the channel and its manual list, in order. */
export const ZChannelEditResponseSchema = lazySchema(() =>
  z.object({
    channel: ZChannelSchema,
    placement: z.object({ home: z.boolean(), sidebar: z.boolean() }),
    content: z.array(ZChannelContentRefSchema.extend({ name: z.string(), image: z.string().nullable() })),
  }),
);
export type TChannelEditResponse = z.infer<typeof ZChannelEditResponseSchema>;

/** A channel in a path, by slug or numeric id (`channel/{slugOrId}`, `channels/{id}` of the editor). */
export const ZChannelRefSchema = lazySchema(() => z.string().trim().min(1).max(120));
export const ZChannelSlugOrIdParamsSchema = lazySchema(() => z.object({ slugOrId: ZChannelRefSchema }));
export const ZChannelRefParamsSchema = lazySchema(() => z.object({ id: ZChannelRefSchema }));

/** `DELETE channels/{ids}`: comma-separated channel ids. */
export const ZChannelIdsParamsSchema = lazySchema(() =>
  z.object({
    ids: z
      .string()
      .max(1000)
      .regex(/^\d{1,15}(,\d{1,15})*$/, 'Give channel ids separated by commas.')
      .transform((value) => value.split(',').map(Number)),
  }),
);
export const ZChannelDeleteResponseSchema = lazySchema(() => z.object({ deleted: z.number() }));

/** `POST channels/preview?perPage=`: how many items the editor's preview shows. */
export const ZChannelPreviewQuerySchema = lazySchema(() =>
  z.object({
    perPage: z.coerce.number().int().min(1).max(50).default(12),
  }),
);

/** `POST channels/presets/{preset}`: a ready-made set of channels, home page and sidebar. */
export const CHANNEL_PRESETS = ['music-streaming', 'music-sharing'] as const;
export type TChannelPreset = (typeof CHANNEL_PRESETS)[number];
export const ZChannelPresetParamsSchema = lazySchema(() => z.object({ preset: z.enum(CHANNEL_PRESETS) }));
/** The applied preset: the home page's slug and the id of its home channel. */
export const ZChannelPresetResponseSchema = lazySchema(() => z.object({ home: z.string(), id: z.number() }));
export type TChannelPresetResponse = z.infer<typeof ZChannelPresetResponseSchema>;
