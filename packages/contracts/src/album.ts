import { z } from 'zod';
import {
  catalogueListQuerySchema,
  catalogueShowQuerySchema,
  ZArtistRefSchema,
  ZIdSchema,
  ZNamedRefSchema,
  ZNameListSchema,
} from './catalogue';
import { lazySchema } from './lazy-schema';
import { ZTrackSchema } from './track';

export const RECORD_TYPES = ['album', 'single', 'ep', 'compilation'] as const;

export const ZAlbumSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    slug: z.string(),
    release_date: z.string().nullable(),
    image: z.string().nullable(),
    description: z.string().nullable(),
    owner_id: z.number().nullable(),
    plays: z.number(),
    views: z.number(),
    record_type: z.enum(RECORD_TYPES),
    created_at: z.string(),
    updated_at: z.string(),
    artists: z.array(ZArtistRefSchema),
    tracks: z.array(ZTrackSchema).optional(),
    genres: z.array(ZNamedRefSchema).optional(),
    tags: z.array(ZNamedRefSchema).optional(),
    counts: z.record(z.string(), z.number()).optional(),
  }),
);
export type TAlbum = z.infer<typeof ZAlbumSchema>;

export const ALBUM_LIST_ALLOW = {
  with: ['tracks', 'genres', 'tags'],
  loadCount: ['tracks', 'likes', 'comments', 'reposts'],
  orderBy: ['name', 'release_date', 'plays', 'views', 'created_at', 'id'],
} as const;
export const ZAlbumListQuerySchema = lazySchema(() =>
  catalogueListQuerySchema(ALBUM_LIST_ALLOW).extend({
    artistId: ZIdSchema.optional(),
    genre: z.string().trim().max(100).optional(),
  }),
);
export const ALBUM_SHOW_ALLOW = {
  with: ['tracks', 'genres', 'tags'],
  loadCount: ['tracks', 'likes', 'comments', 'reposts'],
} as const;
export const ZAlbumShowQuerySchema = lazySchema(() => catalogueShowQuerySchema(ALBUM_SHOW_ALLOW));

export const ZAlbumCreateSchema = lazySchema(() =>
  z.object({
    name: z
      .string()
      .trim()
      .min(1, 'The name is required.')
      .max(255, 'The name may not be longer than 255 characters.'),
    release_date: z.iso.date('The release date must be YYYY-MM-DD.').nullish(),
    image: z.string().trim().max(2000).nullish(),
    description: z.string().max(10_000).nullish(),
    record_type: z.enum(RECORD_TYPES).optional(),
    artist_ids: z.array(ZIdSchema).min(1, 'Choose at least one artist.').max(20),
    genres: ZNameListSchema.optional(),
    tags: ZNameListSchema.optional(),
  }),
);
export type TAlbumCreate = z.infer<typeof ZAlbumCreateSchema>;
export const ZAlbumUpdateSchema = lazySchema(() =>
  ZAlbumCreateSchema.partial().extend({
    /** The album's tracks in order; tracks it had and this list leaves out become singles. */
    track_ids: z.array(ZIdSchema).max(500, 'An album holds at most 500 tracks.').optional(),
  }),
);
export type TAlbumUpdate = z.infer<typeof ZAlbumUpdateSchema>;
export const ZAlbumResponseSchema = lazySchema(() => z.object({ album: ZAlbumSchema }));
export type TAlbumResponse = z.infer<typeof ZAlbumResponseSchema>;
