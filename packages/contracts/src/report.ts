import { z } from 'zod';
import { ZIdSchema, ZUserRefSchema } from './catalogue';
import { lazySchema } from './lazy-schema';
import { paginationSchema } from './pagination';

/** Moderation (issue 12): listeners report items; admins resolve them. */
export const REPORTABLE_TYPES = ['track', 'album', 'playlist', 'comment', 'user'] as const;
export type TReportableType = (typeof REPORTABLE_TYPES)[number];
export const REPORT_REASONS = ['spam', 'offensive', 'copyright', 'wrong_info', 'other'] as const;
export const REPORT_REASON_LABELS: Record<(typeof REPORT_REASONS)[number], string> = {
  spam: 'Spam or misleading',
  offensive: 'Hateful or offensive',
  copyright: 'Copyright infringement',
  wrong_info: 'Wrong information',
  other: 'Something else',
};
export const REPORT_RESOLUTIONS = ['hide', 'delete', 'dismiss'] as const;
export type TReportResolution = (typeof REPORT_RESOLUTIONS)[number];

export const ZReportCreateSchema = lazySchema(() =>
  z
    .object({
      reportable_type: z.enum(REPORTABLE_TYPES),
      reportable_id: ZIdSchema,
      reason: z.enum(REPORT_REASONS),
      details: z.string().trim().max(1000, 'Details are limited to 1,000 characters.').nullish(),
    })
    .refine((value) => value.reason !== 'other' || (value.details ?? '').length > 0, {
      message: 'Tell us what is wrong.',
      path: ['details'],
    }),
);
export type TReportCreate = z.infer<typeof ZReportCreateSchema>;

export const ZReportSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    reportable_type: z.enum(REPORTABLE_TYPES),
    reportable_id: z.number(),
    /** What was reported, as the admin needs to judge it; null once the item is gone. */
    item: z.object({ name: z.string(), url: z.string().nullable(), hidden: z.boolean() }).nullable(),
    reason: z.enum(REPORT_REASONS),
    details: z.string().nullable(),
    reporter: ZUserRefSchema.nullable(),
    status: z.enum(['open', 'resolved']),
    resolution: z.enum(REPORT_RESOLUTIONS).nullable(),
    resolved_by: ZUserRefSchema.nullable(),
    resolved_at: z.string().nullable(),
    created_at: z.string(),
  }),
);
export type TReport = z.infer<typeof ZReportSchema>;

export const ZReportListQuerySchema = lazySchema(() =>
  z.object({
    /** Without a status: every report, the open ones first. */
    status: z.enum(['open', 'resolved']).optional(),
    reportable_type: z.enum(REPORTABLE_TYPES).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    perPage: z.coerce.number().int().min(1).max(100).default(25),
  }),
);
export const ZReportPageSchema = lazySchema(() => paginationSchema(ZReportSchema));
export const ZReportResolveSchema = lazySchema(() => z.object({ resolution: z.enum(REPORT_RESOLUTIONS) }));
export const ZReportResponseSchema = lazySchema(() => z.object({ report: ZReportSchema }));
