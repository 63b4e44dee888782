import { z } from 'zod';

export const OVERVIEW_PERIODS = ['7', '30', '90'] as const;
export const ZAdminOverviewQuerySchema = z.object({ days: z.enum(OVERVIEW_PERIODS).default('7') });

/** A figure over the last period and over the one before it (same length). */
export const ZPeriodFigureSchema = z.object({ current: z.number(), previous: z.number() });
export type TPeriodFigure = z.infer<typeof ZPeriodFigureSchema>;

/** `GET api/v1/admin/overview`: the /admin index (spec 2.12 "index report"). */
export const ZAdminOverviewSchema = z.object({
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
});
export type TAdminOverview = z.infer<typeof ZAdminOverviewSchema>;
