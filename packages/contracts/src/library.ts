import { z } from 'zod';
import { ZAlbumSchema } from './album';
import { ZIdSchema, ZUserRefSchema } from './catalogue';
import { lazySchema } from './lazy-schema';
import { MAX_BATCH_LIKES } from './library-limits';
import { ZTrackSchema } from './track';

export const LIKEABLE_TYPES = ['track', 'album', 'artist', 'playlist'] as const;
export const REPOSTABLE_TYPES = ['track', 'album'] as const;
export const FOLLOWABLE_TYPES = ['user', 'artist'] as const;

export const ZLikeBodySchema = lazySchema(() =>
  z.object({ likeable_type: z.enum(LIKEABLE_TYPES), likeable_id: ZIdSchema }),
);
export const ZRepostBodySchema = lazySchema(() =>
  z.object({
    repostable_type: z.enum(REPOSTABLE_TYPES),
    repostable_id: ZIdSchema,
  }),
);
export const ZFollowBodySchema = lazySchema(() =>
  z.object({
    followable_type: z.enum(FOLLOWABLE_TYPES),
    followable_id: ZIdSchema,
  }),
);
export type TLikeBody = z.infer<typeof ZLikeBodySchema>;

/** Likes or unlikes many tracks at once: all of them or, if one is not visible, none (404). */
export const ZBatchLikeBodySchema = lazySchema(() =>
  z.object({
    likeable_type: z.literal('track'),
    likeable_ids: z.array(ZIdSchema).min(1).max(MAX_BATCH_LIKES),
  }),
);
export type TBatchLikeBody = z.infer<typeof ZBatchLikeBodySchema>;
export const ZBatchLikeResponseSchema = lazySchema(() =>
  z.object({ state: z.boolean(), likeable_ids: z.array(z.number()) }),
);
export type TBatchLikeResponse = z.infer<typeof ZBatchLikeResponseSchema>;

/** Idempotent toggles answer the resulting state. */
export const ZToggleResponseSchema = lazySchema(() => z.object({ state: z.boolean(), count: z.number() }));
export type TToggleResponse = z.infer<typeof ZToggleResponseSchema>;

export const ZFollowUserSchema = lazySchema(() => ZUserRefSchema.extend({ followed_at: z.string() }));
export type TFollowUser = z.infer<typeof ZFollowUserSchema>;

export const ZFollowingItemSchema = lazySchema(() =>
  z.object({
    type: z.enum(FOLLOWABLE_TYPES),
    id: z.number(),
    name: z.string(),
    image: z.string().nullable(),
    followed_at: z.string(),
  }),
);

/** A repost on a profile: the reposted track or album with the time of the repost. */
export const ZRepostItemSchema = lazySchema(() =>
  z.object({
    repostable_type: z.enum(REPOSTABLE_TYPES),
    reposted_at: z.string(),
    track: ZTrackSchema.optional(),
    album: ZAlbumSchema.optional(),
  }),
);
export type TRepostItem = z.infer<typeof ZRepostItemSchema>;

export const ZUserListQuerySchema = lazySchema(() =>
  z.object({
    page: z.coerce.number().int().min(1).default(1),
    perPage: z.coerce.number().int().min(1).max(100).default(20),
  }),
);
