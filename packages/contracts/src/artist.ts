import { z } from 'zod';
import {
  catalogueListQuerySchema,
  catalogueShowQuerySchema,
  ZAlbumRefSchema,
  ZArtistRefSchema,
  ZLinkSchema,
  ZNamedRefSchema,
  ZNameListSchema,
} from './catalogue';
import { lazySchema } from './lazy-schema';

export const ZArtistSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    slug: z.string(),
    image_small: z.string().nullable(),
    image_large: z.string().nullable(),
    verified: z.boolean(),
    disabled: z.boolean(),
    description: z.string().nullable(),
    country: z.string().nullable(),
    city: z.string().nullable(),
    links: z.array(ZLinkSchema),
    plays: z.number(),
    views: z.number(),
    created_at: z.string(),
    updated_at: z.string(),
    genres: z.array(ZNamedRefSchema).optional(),
    tags: z.array(ZNamedRefSchema).optional(),
    albums: z
      .array(ZAlbumRefSchema.extend({ release_date: z.string().nullable(), record_type: z.string() }))
      .optional(),
    top_tracks: z
      .array(
        z.object({
          id: z.number(),
          name: z.string(),
          duration: z.number().nullable(),
          plays: z.number(),
          image: z.string().nullable(),
          artists: z.array(ZArtistRefSchema),
        }),
      )
      .optional(),
    counts: z.record(z.string(), z.number()).optional(),
  }),
);
export type TArtist = z.infer<typeof ZArtistSchema>;

export const ARTIST_LIST_ALLOW = {
  with: ['genres', 'tags'],
  loadCount: ['albums', 'tracks', 'likes', 'followers'],
  orderBy: ['name', 'plays', 'views', 'created_at', 'id'],
} as const;
export const ZArtistListQuerySchema = lazySchema(() => catalogueListQuerySchema(ARTIST_LIST_ALLOW));
export const ARTIST_SHOW_ALLOW = {
  with: ['genres', 'tags', 'albums', 'top_tracks'],
  loadCount: ['albums', 'tracks', 'likes', 'followers'],
} as const;
export const ZArtistShowQuerySchema = lazySchema(() => catalogueShowQuerySchema(ARTIST_SHOW_ALLOW));

const ZImageRefSchema = lazySchema(() => z.string().trim().max(2000).nullish());

export const ZArtistCreateSchema = lazySchema(() =>
  z.object({
    name: z
      .string()
      .trim()
      .min(1, 'The name is required.')
      .max(255, 'The name may not be longer than 255 characters.'),
    image_small: ZImageRefSchema,
    image_large: ZImageRefSchema,
    description: z.string().max(10_000).nullish(),
    country: z.string().trim().max(100).nullish(),
    city: z.string().trim().max(100).nullish(),
    links: z.array(ZLinkSchema).max(20).optional(),
    verified: z.boolean().optional(),
    disabled: z.boolean().optional(),
    genres: ZNameListSchema.optional(),
    tags: ZNameListSchema.optional(),
  }),
);
export type TArtistCreate = z.infer<typeof ZArtistCreateSchema>;
export const ZArtistUpdateSchema = lazySchema(() => ZArtistCreateSchema.partial());
export type TArtistUpdate = z.infer<typeof ZArtistUpdateSchema>;
export const ZArtistResponseSchema = lazySchema(() => z.object({ artist: ZArtistSchema }));
export type TArtistResponse = z.infer<typeof ZArtistResponseSchema>;
