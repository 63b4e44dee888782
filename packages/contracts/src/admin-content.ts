import { z } from 'zod';
import { ZIdNameSchema, ZIdSchema, ZUserRefSchema } from './catalogue';
import { COMMENTABLE_TYPES } from './comment';
import { ZGenreNameSchema } from './genre';
import { lazySchema } from './lazy-schema';
import { paginationSchema } from './pagination';

/** Admin pages over genres, playlists, lyrics and comments (spec 2.12, issue 12). */
const page = lazySchema(() => z.coerce.number().int().min(1).max(100_000).default(1));
const perPage = lazySchema(() => z.coerce.number().int().min(1).max(100).default(25));

/** `POST /api/v1/genres/merge`: `from` is folded into `into` and deleted, in one transaction. */
export const ZGenreMergeSchema = lazySchema(() =>
  z
    .object({ from: ZGenreNameSchema, into: ZGenreNameSchema })
    .refine((value) => value.from.toLowerCase() !== value.into.toLowerCase(), {
      message: 'Choose two different genres.',
      path: ['into'],
    }),
);
export type TGenreMerge = z.infer<typeof ZGenreMergeSchema>;

export const ZAdminPlaylistQuerySchema = lazySchema(() =>
  z.object({
    query: z.string().trim().max(255).optional(),
    owner_id: ZIdSchema.optional(),
    privacy: z.enum(['public', 'private']).optional(),
    page,
    perPage,
  }),
);
export const ZAdminPlaylistRowSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    image: z.string().nullable(),
    public: z.boolean(),
    collaborative: z.boolean(),
    owner: ZUserRefSchema.nullable(),
    tracks_count: z.number(),
    plays: z.number(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
);
export type TAdminPlaylistRow = z.infer<typeof ZAdminPlaylistRowSchema>;
export const ZAdminPlaylistPageSchema = lazySchema(() => paginationSchema(ZAdminPlaylistRowSchema));

export const ZAdminLyricsQuerySchema = lazySchema(() =>
  z.object({
    query: z.string().trim().max(255).optional(),
    synced: z
      .enum(['true', 'false'])
      .transform((value) => value === 'true')
      .optional(),
    page,
    perPage,
  }),
);
export const ZAdminLyricsRowSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    track: ZIdNameSchema,
    artists: z.array(ZIdNameSchema),
    synced: z.boolean(),
    language: z.string().nullable(),
    source: z.string().nullable(),
    excerpt: z.string(),
    updated_at: z.string(),
  }),
);
export type TAdminLyricsRow = z.infer<typeof ZAdminLyricsRowSchema>;
export const ZAdminLyricsPageSchema = lazySchema(() => paginationSchema(ZAdminLyricsRowSchema));

export const ZAdminCommentQuerySchema = lazySchema(() =>
  z.object({
    track_id: ZIdSchema.optional(),
    user_id: ZIdSchema.optional(),
    query: z.string().trim().max(255).optional(),
    deleted: z
      .enum(['true', 'false'])
      .transform((value) => value === 'true')
      .optional(),
    page,
    perPage,
  }),
);
export const ZAdminCommentRowSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    commentable_type: z.enum(COMMENTABLE_TYPES),
    commentable: ZIdNameSchema.nullable(),
    parent_id: z.number().nullable(),
    depth: z.number(),
    /** The text as written: the admin sees deleted comments' content so a restore is informed. */
    content: z.string(),
    deleted: z.boolean(),
    user: ZUserRefSchema.nullable(),
    replies_count: z.number(),
    created_at: z.string(),
  }),
);
export type TAdminCommentRow = z.infer<typeof ZAdminCommentRowSchema>;
export const ZAdminCommentPageSchema = lazySchema(() => paginationSchema(ZAdminCommentRowSchema));
