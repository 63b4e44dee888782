import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/** Issue 39: artist payouts. Money is an integer in the currency's minor unit (cents), never a float. */
export const ZPayoutPeriodSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .regex(/^[0-9]{4}-(0[1-9]|1[0-2])$/, 'Enter a month as YYYY-MM.'),
);

const currency = lazySchema(() =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/, 'Enter a three-letter currency code.')
    .transform((value) => value.toUpperCase()),
);

/** Whole minor units: a negative or fractional amount is refused (422). */
export const ZMinorUnitsSchema = lazySchema(() =>
  z
    .number({ error: 'Enter an amount in cents.' })
    .int('Enter a whole number of cents.')
    .min(0, 'The amount cannot be negative.')
    .max(1_000_000_000_000, 'The amount is too large.'),
);

export const ZStartPayoutRunSchema = lazySchema(() => z.object({ period: ZPayoutPeriodSchema, currency }));
export type TStartPayoutRun = z.infer<typeof ZStartPayoutRunSchema>;

export const ZAdRevenueInputSchema = lazySchema(() =>
  z.object({
    period: ZPayoutPeriodSchema,
    currency,
    amount: ZMinorUnitsSchema,
  }),
);
export type TAdRevenueInput = z.infer<typeof ZAdRevenueInputSchema>;

export const ZPayoutRefundInputSchema = lazySchema(() =>
  z.object({
    invoice_id: z.int().positive(),
    amount: ZMinorUnitsSchema.refine((amount) => amount > 0, 'The amount must be more than zero.'),
  }),
);
export type TPayoutRefundInput = z.infer<typeof ZPayoutRefundInputSchema>;

export const ZMarkPayoutsPaidSchema = lazySchema(() =>
  z.object({
    /** The artists paid; omitted: every artist of the run with a payout not yet marked paid. */
    artist_ids: z.array(z.int().positive()).max(10_000).optional(),
  }),
);
export type TMarkPayoutsPaid = z.infer<typeof ZMarkPayoutsPaidSchema>;

export const ZPayoutRunIdParamsSchema = lazySchema(() =>
  z.object({ id: z.coerce.number().int().positive() }),
);

export const ZPayoutRunSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    period: z.string(),
    currency: z.string(),
    /**
     * `computing`: its background job is aggregating the period (figures are zero until then);
     * `review`: computed, waiting for the admin to close it; `failed`: see `failure`, recompute to retry.
     */
    status: z.enum(['computing', 'review', 'failed', 'closed']),
    /** Why the computation failed (status `failed`), else null. */
    failure: z.string().nullable(),
    money_in: z.number(),
    fees: z.number(),
    platform_share: z.number(),
    unallocated: z.number(),
    refunds: z.number(),
    paid_out: z.number(),
    rolled_over: z.number(),
    created_at: z.string(),
    closed_at: z.string().nullable(),
  }),
);
export type TPayoutRun = z.infer<typeof ZPayoutRunSchema>;

export const ZPayoutArtistSchema = lazySchema(() =>
  z.object({
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
    /** Where the payout goes, masked ("Bank transfer, IBAN ending 1234"); null until details are confirmed. */
    paid_to: z.string().nullable(),
  }),
);
export type TPayoutArtist = z.infer<typeof ZPayoutArtistSchema>;

export const ZPayoutRunAnswerSchema = lazySchema(() => z.object({ run: ZPayoutRunSchema }));
export const ZPayoutRunDetailSchema = lazySchema(() =>
  z.object({
    run: ZPayoutRunSchema,
    artists: z.array(ZPayoutArtistSchema),
  }),
);
export const ZPayoutRunListSchema = lazySchema(() => z.object({ runs: z.array(ZPayoutRunSchema) }));
export const ZAdRevenueAnswerSchema = lazySchema(() =>
  z.object({
    period: z.string(),
    currency: z.string(),
    amount: z.number(),
  }),
);
export const ZPayoutRefundAnswerSchema = lazySchema(() =>
  z.object({
    invoice_id: z.number(),
    amount: z.number(),
    period: z.string(),
    /** Null: the invoice's period is open and its run leaves the account out; else the period adjusted. */
    adjustment_period: z.string().nullable(),
  }),
);
export const ZMarkPayoutsPaidAnswerSchema = lazySchema(() =>
  z.object({ paid: z.number(), amount: z.number() }),
);

/** The payout file (text/csv). */
export const ZPayoutCsvSchema = lazySchema(() => z.string());

/** The artist's earnings (backstage): closed periods only, newest first. */
export const ZArtistEarningsParamsSchema = lazySchema(() =>
  z.object({ id: z.coerce.number().int().positive() }),
);
export const ZArtistEarningsSchema = lazySchema(() =>
  z.object({
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
  }),
);
export type TArtistEarnings = z.infer<typeof ZArtistEarningsSchema>;

/** An IBAN: country, check digits and account, checked with its mod-97 rule (spaces allowed). */
export function isValidIban(value: string): boolean {
  const iban = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const digits = `${iban.slice(4)}${iban.slice(0, 4)}`.replace(/[A-Z]/g, (letter) =>
    String(letter.charCodeAt(0) - 55),
  );
  let rest = 0;
  for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  return rest === 1;
}

const payeeName = lazySchema(() =>
  z
    .string({ error: 'Enter the payee name.' })
    .trim()
    .min(1, 'Enter the payee name.')
    .max(140, 'The payee name is too long.'),
);

/** How an artist wants to be paid: a bank transfer (IBAN and BIC) or PayPal. */
export const ZPayoutDetailsSchema = lazySchema(() =>
  z.discriminatedUnion(
    'method',
    [
      z.object({
        method: z.literal('bank_transfer'),
        payee_name: payeeName,
        iban: z
          .string({ error: 'Enter the IBAN.' })
          .transform((value) => value.replace(/\s+/g, '').toUpperCase())
          .refine(isValidIban, 'Enter a valid IBAN.'),
        bic: z
          .string({ error: 'Enter the BIC.' })
          .transform((value) => value.replace(/\s+/g, '').toUpperCase())
          .refine((value) => /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(value), 'Enter a valid BIC.'),
      }),
      z.object({
        method: z.literal('paypal'),
        payee_name: payeeName,
        paypal_email: z
          .string({ error: 'Enter the PayPal email address.' })
          .trim()
          .max(254, 'The email address is too long.')
          .pipe(z.email('Enter a valid email address.')),
      }),
    ],
    { error: 'Choose a payout method.' },
  ),
);
export type TPayoutDetailsInput = z.input<typeof ZPayoutDetailsSchema>;
export type TPayoutDetails = z.output<typeof ZPayoutDetailsSchema>;

/** The stored details as answered (already normalised, so no transform on the way out). */
export const ZPayoutDetailsViewSchema = lazySchema(() =>
  z.discriminatedUnion('method', [
    z.object({
      method: z.literal('bank_transfer'),
      payee_name: z.string(),
      iban: z.string(),
      bic: z.string(),
    }),
    z.object({ method: z.literal('paypal'), payee_name: z.string(), paypal_email: z.string() }),
  ]),
);

/** The artist's payout details (managers only): those in effect, and a change waiting for its email link. */
export const ZPayoutDetailsAnswerSchema = lazySchema(() =>
  z.object({
    artist_id: z.number(),
    confirmed: ZPayoutDetailsViewSchema.nullable(),
    confirmed_at: z.string().nullable(),
    pending: z
      .object({ details: ZPayoutDetailsViewSchema, requested_at: z.string(), expires_at: z.string() })
      .nullable(),
  }),
);
export type TPayoutDetailsAnswer = z.infer<typeof ZPayoutDetailsAnswerSchema>;

export const ZConfirmPayoutDetailsSchema = lazySchema(() =>
  z.object({
    token: z.string({ error: 'The confirmation link is incomplete.' }).trim().min(1).max(200),
  }),
);
