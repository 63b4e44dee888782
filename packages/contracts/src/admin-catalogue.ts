import { z } from 'zod';
import { ZIdNameSchema, ZIdSchema, ZNamedRefSchema, ZUserRefSchema } from './catalogue';
import { lazySchema } from './lazy-schema';

/**
 * The admin's tracks, albums and artists tables (spec 2.12, issue 12). Pages are keyset
 * pages: `cursor` is the opaque position after the last row of the previous page, so page
 * 5,000 of a million tracks costs what page 1 costs. `total` is counted up to TOTAL_CAP, the
 * cap of every admin list on a large table: a broad search ("night" matches 47k of 1M tracks)
 * costs about its cap in rows read, and 10,000 took a page past 50 ms where 1,000 does not.
 */
export const ADMIN_TOTAL_CAP = 1_000;
export const ADMIN_SORTS = ['plays', 'date', 'name'] as const;
export type TAdminSort = (typeof ADMIN_SORTS)[number];

const ZFlagSchema = lazySchema(() => z.enum(['true', 'false']).transform((value) => value === 'true'));

export const ZAdminCatalogueQuerySchema = lazySchema(() =>
  z.object({
    query: z.string().trim().max(255).optional(),
    genre: z.string().trim().min(1).max(100).optional(),
    artist_id: ZIdSchema.optional(),
    owner_id: ZIdSchema.optional(),
    release_year: z.coerce.number().int().min(1000).max(9999).optional(),
    has_audio: ZFlagSchema.optional(),
    has_lyrics: ZFlagSchema.optional(),
    private: ZFlagSchema.optional(),
    orderBy: z.enum(ADMIN_SORTS).default('date'),
    orderDir: z.enum(['asc', 'desc']).default('desc'),
    /** Ignored: keyset pages move by `cursor` (accepted so the admin kit's list state passes through). */
    page: z.coerce.number().int().min(1).optional(),
    cursor: z.string().max(500).optional(),
    perPage: z.coerce.number().int().min(1).max(100).default(25),
  }),
);
export type TAdminCatalogueQuery = z.infer<typeof ZAdminCatalogueQuerySchema>;

export function keysetPageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    pagination: z.object({
      data: z.array(item),
      per_page: z.number(),
      /** Rows matching the filters, counted up to ADMIN_TOTAL_CAP (`total_capped` when more). */
      total: z.number(),
      total_capped: z.boolean(),
      next_cursor: z.string().nullable(),
    }),
  });
}
export type TKeysetPage<T> = {
  pagination: {
    data: T[];
    per_page: number;
    total: number;
    total_capped: boolean;
    next_cursor: string | null;
  };
};

export const ZAdminTrackRowSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    image: z.string().nullable(),
    duration: z.number().nullable(),
    plays: z.number(),
    visibility: z.enum(['public', 'unlisted', 'private']),
    album: ZIdNameSchema.nullable(),
    artists: z.array(ZIdNameSchema),
    owner: ZUserRefSchema.nullable(),
    genres: z.array(ZNamedRefSchema),
    has_audio: z.boolean(),
    has_lyrics: z.boolean(),
    released_at: z.string().nullable(),
    created_at: z.string(),
  }),
);
export type TAdminTrackRow = z.infer<typeof ZAdminTrackRowSchema>;

export const ZAdminAlbumRowSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    image: z.string().nullable(),
    plays: z.number(),
    record_type: z.string(),
    release_date: z.string().nullable(),
    artists: z.array(ZIdNameSchema),
    owner: ZUserRefSchema.nullable(),
    genres: z.array(ZNamedRefSchema),
    tracks_count: z.number(),
    created_at: z.string(),
  }),
);
export type TAdminAlbumRow = z.infer<typeof ZAdminAlbumRowSchema>;

export const ZAdminArtistRowSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    image: z.string().nullable(),
    plays: z.number(),
    verified: z.boolean(),
    disabled: z.boolean(),
    managers: z.array(ZUserRefSchema),
    genres: z.array(ZNamedRefSchema),
    albums_count: z.number(),
    tracks_count: z.number(),
    created_at: z.string(),
  }),
);
export type TAdminArtistRow = z.infer<typeof ZAdminArtistRowSchema>;

export const ZAdminTrackPageSchema = lazySchema(() => keysetPageSchema(ZAdminTrackRowSchema));
export const ZAdminAlbumPageSchema = lazySchema(() => keysetPageSchema(ZAdminAlbumRowSchema));
export const ZAdminArtistPageSchema = lazySchema(() => keysetPageSchema(ZAdminArtistRowSchema));

/** `DELETE /api/v1/admin/{tracks|albums|artists}` body: one transaction for all ids. */
export const ZBulkDeleteSchema = lazySchema(() =>
  z.object({
    ids: z.array(ZIdSchema).min(1, 'Choose at least one item.').max(500, 'Delete at most 500 items at once.'),
  }),
);
export type TBulkDelete = z.infer<typeof ZBulkDeleteSchema>;

/** The payload of the job that removes deleted items' files from storage. */
export const ZPurgeFilesJobSchema = lazySchema(() =>
  z.object({ fileEntryIds: z.array(z.number().int().positive()) }),
);
