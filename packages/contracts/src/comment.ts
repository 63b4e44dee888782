import { z } from 'zod';
import { ZIdSchema, ZUserRefSchema } from './catalogue';
import { lazySchema } from './lazy-schema';

export const COMMENTABLE_TYPES = ['track', 'album'] as const;
export const COMMENT_MAX_DEPTH = 5;

export const ZCommentSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    commentable_type: z.enum(COMMENTABLE_TYPES),
    commentable_id: z.number(),
    parent_id: z.number().nullable(),
    /** 0 for top-level comments, up to COMMENT_MAX_DEPTH - 1. */
    depth: z.number(),
    /** Empty once deleted: the node stays so replies keep their thread. */
    content: z.string(),
    position_ms: z.number().nullable(),
    deleted: z.boolean(),
    upvotes: z.number(),
    downvotes: z.number(),
    user: ZUserRefSchema.nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
);
export type TComment = z.infer<typeof ZCommentSchema>;

export const ZCommentListQuerySchema = lazySchema(() =>
  z.object({
    commentable_type: z.enum(COMMENTABLE_TYPES),
    commentable_id: ZIdSchema,
    page: z.coerce.number().int().min(1).default(1),
    perPage: z.coerce.number().int().min(1).max(100).default(25),
  }),
);

export const ZCommentCreateSchema = lazySchema(() =>
  z.object({
    commentable_type: z.enum(COMMENTABLE_TYPES),
    commentable_id: ZIdSchema,
    parent_id: ZIdSchema.nullish(),
    content: z
      .string()
      .trim()
      .min(1, 'Write something first.')
      .max(5_000, 'Comments are limited to 5,000 characters.'),
    position_ms: z
      .number()
      .int()
      .min(0)
      .max(24 * 3600 * 1000)
      .nullish(),
  }),
);
export type TCommentCreate = z.infer<typeof ZCommentCreateSchema>;
export const ZCommentUpdateSchema = lazySchema(() =>
  z.object({
    content: z
      .string()
      .trim()
      .min(1, 'Write something first.')
      .max(5_000, 'Comments are limited to 5,000 characters.'),
  }),
);
export const ZCommentResponseSchema = lazySchema(() => z.object({ comment: ZCommentSchema }));
export type TCommentResponse = z.infer<typeof ZCommentResponseSchema>;
