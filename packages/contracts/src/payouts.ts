import { z } from 'zod';

/** Issue 39: artist payouts. Money is an integer in the currency's minor unit (cents), never a float. */
export const ZPayoutPeriodSchema = z
  .string()
  .trim()
  .regex(/^[0-9]{4}-(0[1-9]|1[0-2])$/, 'Enter a month as YYYY-MM.');

const currency = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3}$/, 'Enter a three-letter currency code.')
  .transform((value) => value.toUpperCase());

/** Whole minor units: a negative or fractional amount is refused (422). */
export const ZMinorUnitsSchema = z
  .number({ error: 'Enter an amount in cents.' })
  .int('Enter a whole number of cents.')
  .min(0, 'The amount cannot be negative.')
  .max(1_000_000_000_000, 'The amount is too large.');

export const ZStartPayoutRunSchema = z.object({ period: ZPayoutPeriodSchema, currency });
export type TStartPayoutRun = z.infer<typeof ZStartPayoutRunSchema>;

export const ZAdRevenueInputSchema = z.object({
  period: ZPayoutPeriodSchema,
  currency,
  amount: ZMinorUnitsSchema,
});
export type TAdRevenueInput = z.infer<typeof ZAdRevenueInputSchema>;

export const ZPayoutRefundInputSchema = z.object({
  invoice_id: z.int().positive(),
  amount: ZMinorUnitsSchema.refine((amount) => amount > 0, 'The amount must be more than zero.'),
});
export type TPayoutRefundInput = z.infer<typeof ZPayoutRefundInputSchema>;

export const ZMarkPayoutsPaidSchema = z.object({
  /** The artists paid; omitted: every artist of the run with a payout not yet marked paid. */
  artist_ids: z.array(z.int().positive()).max(10_000).optional(),
});
export type TMarkPayoutsPaid = z.infer<typeof ZMarkPayoutsPaidSchema>;

export const ZPayoutRunIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

export const ZPayoutRunSchema = z.object({
  id: z.number(),
  period: z.string(),
  currency: z.string(),
  status: z.enum(['review', 'closed']),
  money_in: z.number(),
  fees: z.number(),
  platform_share: z.number(),
  unallocated: z.number(),
  refunds: z.number(),
  paid_out: z.number(),
  rolled_over: z.number(),
  created_at: z.string(),
  closed_at: z.string().nullable(),
});
export type TPayoutRun = z.infer<typeof ZPayoutRunSchema>;

export const ZPayoutArtistSchema = z.object({
  artist_id: z.number(),
  artist_name: z.string(),
  plans: z.number(),
  ads: z.number(),
  adjustments: z.number(),
  earned: z.number(),
  carried_in: z.number(),
  payable: z.number(),
  payout: z.number(),
  rolled_over: z.number(),
  /** Transparency: what the artist would have earned this period under pro rata. */
  pro_rata: z.number(),
  paid_at: z.string().nullable(),
});
export type TPayoutArtist = z.infer<typeof ZPayoutArtistSchema>;

export const ZPayoutRunAnswerSchema = z.object({ run: ZPayoutRunSchema });
export const ZPayoutRunDetailSchema = z.object({
  run: ZPayoutRunSchema,
  artists: z.array(ZPayoutArtistSchema),
});
export const ZPayoutRunListSchema = z.object({ runs: z.array(ZPayoutRunSchema) });
export const ZAdRevenueAnswerSchema = z.object({
  period: z.string(),
  currency: z.string(),
  amount: z.number(),
});
export const ZPayoutRefundAnswerSchema = z.object({
  invoice_id: z.number(),
  amount: z.number(),
  period: z.string(),
  /** Null: the invoice's period is open and its run leaves the account out; else the period adjusted. */
  adjustment_period: z.string().nullable(),
});
export const ZMarkPayoutsPaidAnswerSchema = z.object({ paid: z.number(), amount: z.number() });

/** The payout file (text/csv). */
export const ZPayoutCsvSchema = z.string();

/** The artist's earnings (backstage): closed periods only, newest first. */
export const ZArtistEarningsParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const ZArtistEarningsSchema = z.object({
  artist_id: z.number(),
  /** What the platform owes the artist now (unpaid, rolled over included), per currency. */
  balances: z.array(z.object({ currency: z.string(), balance: z.number() })),
  months: z.array(
    z.object({
      period: z.string(),
      currency: z.string(),
      plans: z.number(),
      ads: z.number(),
      adjustments: z.number(),
      earned: z.number(),
      payout: z.number(),
      rolled_over: z.number(),
      pro_rata: z.number(),
      paid_at: z.string().nullable(),
    }),
  ),
  tracks: z.array(
    z.object({
      period: z.string(),
      currency: z.string(),
      track_id: z.number(),
      track_name: z.string(),
      source: z.enum(['plans', 'ads', 'adjustments']),
      amount: z.number(),
    }),
  ),
});
export type TArtistEarnings = z.infer<typeof ZArtistEarningsSchema>;
