import { z } from 'zod';
import { BACKSTAGE_REQUEST_TYPES } from './backstage';
import { lazySchema } from './lazy-schema';

export const OVERVIEW_PERIODS = ['7', '30', '90'] as const;
export const ZAdminOverviewQuerySchema = lazySchema(() =>
  z.object({ days: z.enum(OVERVIEW_PERIODS).default('7') }),
);

/** A figure over the last period and over the one before it (same length). */
export const ZPeriodFigureSchema = lazySchema(() => z.object({ current: z.number(), previous: z.number() }));
export type TPeriodFigure = z.infer<typeof ZPeriodFigureSchema>;

/**
 * One day of a period: `value` in that day of the last period, `previous` on the same day of the
 * period before (days are counted back from the moment asked, so a series adds up to its figure).
 * `date` is the day's last date (YYYY-MM-DD, UTC).
 */
export const ZOverviewPointSchema = lazySchema(() =>
  z.object({ date: z.string(), value: z.number(), previous: z.number() }),
);
export type TOverviewPoint = z.infer<typeof ZOverviewPointSchema>;

/** A backstage request waiting for a decision, as the dashboard lists it. */
export const ZPendingRequestSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    type: z.enum(BACKSTAGE_REQUEST_TYPES),
    artist_name: z.string().nullable(),
    /** `email` only for holders of users.update (issue 31: the address is private). */
    user: z.object({ id: z.number(), name: z.string().nullable(), email: z.string().optional() }),
    created_at: z.string(),
  }),
);
export type TPendingRequest = z.infer<typeof ZPendingRequestSchema>;

/** How many requests wait and the oldest few (first come, first served). */
export const ZPendingRequestsSchema = lazySchema(() =>
  z.object({
    total: z.number(),
    oldest: z.array(ZPendingRequestSchema),
  }),
);
export const PENDING_REQUESTS_SHOWN = 5;

/** `GET api/v1/admin/overview`: the /admin index (spec 2.12 "index report"). */
export const ZAdminOverviewSchema = lazySchema(() =>
  z.object({
    days: z.number(),
    period_start: z.string(),
    previous_start: z.string(),
    /** Accounts at the end of each period. */
    users: ZPeriodFigureSchema,
    new_signups: ZPeriodFigureSchema,
    plays: ZPeriodFigureSchema,
    uploads: ZPeriodFigureSchema,
    /** Bytes of the files not in the trash, at the end of each period. */
    storage_bytes: ZPeriodFigureSchema,
    /** Per day, for the charts: one grouped query each. */
    series: z.object({
      plays: z.array(ZOverviewPointSchema),
      new_signups: z.array(ZOverviewPointSchema),
      uploads: z.array(ZOverviewPointSchema),
    }),
    /** Null for an admin who may not see backstage requests. */
    pending_requests: ZPendingRequestsSchema.nullable(),
  }),
);
export type TAdminOverview = z.infer<typeof ZAdminOverviewSchema>;
