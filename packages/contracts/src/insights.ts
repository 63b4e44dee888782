import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { PAGE_KINDS } from './page-kinds';

export const INSIGHT_RANGES = ['7d', '30d', '90d', '12m', 'custom'] as const;
export type TInsightRange = (typeof INSIGHT_RANGES)[number];
export const INSIGHT_SUBJECTS = ['tracks', 'albums', 'artists'] as const;
export const INSIGHTS_MAX_DAYS = 5 * 366;

export const INSIGHT_MESSAGES = {
  reversed: 'The end date must be on or after the start date.',
  tooLong: 'A range can span at most 5 years.',
  customNeedsDates: 'Choose a start and an end date.',
} as const;

const DAY_MS = 86_400_000;

/** Days from `from` to `to` inclusive (ISO dates). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

export const ZInsightsQuerySchema = lazySchema(() =>
  z
    .object({
      range: z.enum(INSIGHT_RANGES).default('30d'),
      from: z.iso.date('Dates look like YYYY-MM-DD.').optional(),
      to: z.iso.date('Dates look like YYYY-MM-DD.').optional(),
    })
    .superRefine((value, ctx) => {
      if (value.range !== 'custom') return;
      if (!value.from || !value.to) {
        ctx.addIssue({
          code: 'custom',
          path: [value.from ? 'to' : 'from'],
          message: INSIGHT_MESSAGES.customNeedsDates,
        });
        return;
      }
      const days = daysBetween(value.from, value.to);
      if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: INSIGHT_MESSAGES.reversed });
      else if (days > INSIGHTS_MAX_DAYS)
        ctx.addIssue({ code: 'custom', path: ['from'], message: INSIGHT_MESSAGES.tooLong });
    }),
);
export type TInsightsQuery = z.input<typeof ZInsightsQuerySchema>;

export const ZInsightsParamsSchema = lazySchema(() =>
  z.object({
    subject: z.enum(INSIGHT_SUBJECTS),
    id: z.coerce.number().int().min(1, 'The id must be a positive integer.'),
  }),
);

const ZPoint = lazySchema(() => z.object({ date: z.string(), value: z.number(), previous: z.number() }));
const ZBreakdown = lazySchema(() =>
  z.array(z.object({ value: z.string(), plays: z.number(), previous: z.number() })),
);

export const ZInsightsSchema = lazySchema(() =>
  z.object({
    subject: z.object({ type: z.enum(INSIGHT_SUBJECTS), id: z.number(), name: z.string() }),
    range: z.object({ from: z.string(), to: z.string() }),
    previous: z.object({ from: z.string(), to: z.string() }),
    totals: z.object({
      plays: z.number(),
      previous_plays: z.number(),
      listeners: z.number(),
      previous_listeners: z.number(),
      likes: z.number(),
      previous_likes: z.number(),
      reposts: z.number(),
      previous_reposts: z.number(),
    }),
    plays: z.array(ZPoint),
    likes: z.array(ZPoint),
    reposts: z.array(ZPoint),
    top_tracks: z.array(z.object({ id: z.number(), name: z.string(), plays: z.number() })),
    countries: ZBreakdown,
    cities: ZBreakdown,
    devices: ZBreakdown,
    platforms: ZBreakdown,
    browsers: ZBreakdown,
    sources: ZBreakdown,
  }),
);
export type TInsights = z.infer<typeof ZInsightsSchema>;

/** The concrete dates of a range ending `today` (UTC), and the equally long range before it. */
export function resolveRange(
  query: { range: TInsightRange; from?: string; to?: string },
  today: Date = new Date(),
): { from: string; to: string; previousFrom: string; previousTo: string } {
  const iso = (date: Date) => date.toISOString().slice(0, 10);
  const end = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  let from: string;
  let to: string;
  if (query.range === 'custom' && query.from && query.to) {
    from = query.from;
    to = query.to;
  } else {
    to = iso(end);
    const start = new Date(end);
    if (query.range === '12m') {
      start.setUTCFullYear(start.getUTCFullYear() - 1);
      start.setUTCDate(start.getUTCDate() + 1);
    } else start.setUTCDate(start.getUTCDate() - (Number.parseInt(query.range, 10) - 1));
    from = iso(start);
  }
  const days = daysBetween(from, to);
  const previousTo = iso(new Date(Date.parse(`${from}T00:00:00Z`) - DAY_MS));
  const previousFrom = iso(new Date(Date.parse(`${from}T00:00:00Z`) - days * DAY_MS));
  return { from, to, previousFrom, previousTo };
}

/** A CSV cell: quoted, quotes doubled, and a leading = + - @ (or tab/CR) neutralised (formula injection). */
export function csvCell(value: string | number | null | undefined): string {
  let text = value == null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

export function toCsv(rows: (string | number | null)[][]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n');
}

/* ---------- Admin reports (spec 2.12: /admin/plays and /admin/visitors) ---------- */

/** Reports take the same range query as insights (7d, 30d, 90d, 12m or custom from/to). */
export const ZReportQuerySchema = ZInsightsQuerySchema;

const ZRanked = lazySchema(() => z.array(z.object({ id: z.number(), name: z.string(), plays: z.number() })));

export const ZPlaysReportSchema = lazySchema(() =>
  z.object({
    range: z.object({ from: z.string(), to: z.string() }),
    previous: z.object({ from: z.string(), to: z.string() }),
    totals: z.object({
      plays: z.number(),
      previous_plays: z.number(),
      listeners: z.number(),
      previous_listeners: z.number(),
    }),
    plays: z.array(ZPoint),
    top_tracks: ZRanked,
    top_albums: ZRanked,
    top_artists: ZRanked,
    top_genres: ZRanked,
    countries: ZBreakdown,
    devices: ZBreakdown,
    platforms: ZBreakdown,
    browsers: ZBreakdown,
    sources: ZBreakdown,
  }),
);
export type TPlaysReport = z.infer<typeof ZPlaysReportSchema>;

/** The first-party beacon the player sends on each page it shows. */
export const ZPageViewSchema = lazySchema(() =>
  z.object({
    page_kind: z.enum(PAGE_KINDS),
    /** `document.referrer`; only its host is kept, and only when it is another site. */
    referrer: z.string().max(2048).optional(),
  }),
);
export type TPageView = z.infer<typeof ZPageViewSchema>;
export const ZPageViewResponseSchema = lazySchema(() => z.object({ recorded: z.boolean() }));

export const ZVisitorsReportSchema = lazySchema(() =>
  z.object({
    range: z.object({ from: z.string(), to: z.string() }),
    previous: z.object({ from: z.string(), to: z.string() }),
    totals: z.object({
      views: z.number(),
      previous_views: z.number(),
      visitors: z.number(),
      previous_visitors: z.number(),
    }),
    views: z.array(ZPoint),
    visitors: z.array(ZPoint),
    page_kinds: ZBreakdown,
    referrers: ZBreakdown,
    countries: ZBreakdown,
    devices: ZBreakdown,
  }),
);
export type TVisitorsReport = z.infer<typeof ZVisitorsReportSchema>;
