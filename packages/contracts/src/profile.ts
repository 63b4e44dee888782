import { z } from 'zod';
import { ZLinkSchema } from './catalogue';
import { lazySchema } from './lazy-schema';
import { ZPublicUserSchema } from './user';

export const ZProfileSchema = lazySchema(() =>
  z.object({
    user: ZPublicUserSchema.extend({ created_at: z.string() }),
    header_image: z.string().nullable(),
    description: z.string().nullable(),
    city: z.string().nullable(),
    country: z.string().nullable(),
    links: z.array(ZLinkSchema),
    counts: z.object({
      followers: z.number(),
      following: z.number(),
      tracks: z.number(),
      playlists: z.number(),
      reposts: z.number(),
    }),
    is_followed: z.boolean(),
  }),
);
export type TProfile = z.infer<typeof ZProfileSchema>;
export const ZProfileResponseSchema = lazySchema(() => z.object({ profile: ZProfileSchema }));
export type TProfileResponse = z.infer<typeof ZProfileResponseSchema>;

export const ZProfileUpdateSchema = lazySchema(() =>
  z.object({
    header_image: z.string().trim().max(2000).nullish(),
    description: z.string().max(5_000).nullish(),
    city: z.string().trim().max(100).nullish(),
    country: z.string().trim().max(100).nullish(),
    links: z.array(ZLinkSchema).max(10).optional(),
  }),
);
