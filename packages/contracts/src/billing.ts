import { z } from 'zod';
import { adminListQuerySchema, ZIdFilterSchema } from './admin-list';
import { lazySchema } from './lazy-schema';

/** Spec 3/4 price: amounts are integers in the currency's minor unit (cents), never floats. */
export const BILLING_INTERVALS = ['day', 'month', 'year'] as const;
export const ZBillingIntervalSchema = lazySchema(() => z.enum(BILLING_INTERVALS));
export type TBillingInterval = z.infer<typeof ZBillingIntervalSchema>;

export const BILLING_GATEWAYS = ['stripe', 'paypal', 'none'] as const;
export type TBillingGateway = (typeof BILLING_GATEWAYS)[number];

/** The providers a buyer can pay through (a `none` subscription is granted, never bought). */
export const ZPaymentGatewaySchema = lazySchema(() => z.enum(['stripe', 'paypal']));
export type TPaymentGateway = z.infer<typeof ZPaymentGatewaySchema>;

export const ZPriceSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    product_id: z.number(),
    amount: z.int(),
    currency: z.string(),
    interval: ZBillingIntervalSchema,
    interval_count: z.int(),
    archived: z.boolean(),
    /** Subscribers currently paying this price; such a price can be archived, never deleted. */
    subscriptions_count: z.number().optional(),
    /** Providers that can take this price now: switched on, given keys, and knowing the price. */
    gateways: z.array(ZPaymentGatewaySchema).optional(),
  }),
);
export type TPrice = z.infer<typeof ZPriceSchema>;

export const ZProductSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    description: z.string().nullable(),
    feature_list: z.array(z.string()),
    position: z.number(),
    recommended: z.boolean(),
    free: z.boolean(),
    hidden: z.boolean(),
    /** Upload minutes a subscriber gets (music.create `minutes`); null = unlimited. */
    upload_minutes: z.number().nullable(),
    permissions: z.array(z.string()),
    prices: z.array(ZPriceSchema),
    /** Admin only: made by the demo seed and never saved since ("replace me"). */
    is_seed: z.boolean().optional(),
    /** Admin only: enabled providers that do not know this plan or one of its live prices yet. */
    unsynced_gateways: z.array(ZPaymentGatewaySchema).optional(),
  }),
);
export type TProduct = z.infer<typeof ZProductSchema>;

const currency = lazySchema(() =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/, 'Enter a three-letter currency code.')
    .transform((value) => value.toUpperCase()),
);

/** A price as the plan form sends it: `id` when it already exists. */
export const ZPriceInputSchema = lazySchema(() =>
  z.object({
    id: z.int().positive().optional(),
    amount: z.int().min(1).max(99_999_999),
    currency,
    interval: ZBillingIntervalSchema,
    interval_count: z.int().min(1).max(365),
    archived: z.boolean().default(false),
  }),
);
export type TPriceInput = z.input<typeof ZPriceInputSchema>;

export const ZProductInputSchema = lazySchema(() =>
  z
    .object({
      name: z.string().trim().min(1).max(120),
      description: z.string().trim().max(2000).nullable().default(null),
      feature_list: z.array(z.string().trim().min(1).max(200)).max(30).default([]),
      position: z.int().min(0).max(10_000).default(0),
      recommended: z.boolean().default(false),
      free: z.boolean().default(false),
      hidden: z.boolean().default(false),
      upload_minutes: z.int().min(0).max(10_000_000).nullable().default(null),
      permissions: z.array(z.string().min(1).max(100)).max(200).default([]),
      prices: z.array(ZPriceInputSchema).max(20).default([]),
    })
    .refine((plan) => plan.free || plan.prices.length > 0, {
      message: 'A paid plan needs at least one price.',
      path: ['prices'],
    })
    .refine((plan) => !plan.free || plan.prices.length === 0, {
      message: 'A free plan has no prices.',
      path: ['prices'],
    }),
);
export type TProductInput = z.input<typeof ZProductInputSchema>;

export const ZSubscriptionSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    user_id: z.number(),
    product_id: z.number(),
    price_id: z.number().nullable(),
    gateway_name: z.enum(BILLING_GATEWAYS),
    gateway_id: z.string().nullable(),
    status: z.string(),
    /** Spec 3 `valid`: grants its plan now. */
    valid: z.boolean(),
    /** Spec 3 `active`: not cancelled, renewing. */
    active: z.boolean(),
    on_grace_period: z.boolean(),
    renews_at: z.string().nullable(),
    ends_at: z.string().nullable(),
    created_at: z.string(),
    product: z.object({ id: z.number(), name: z.string() }).optional(),
    price: ZPriceSchema.nullable().optional(),
    user: z.object({ id: z.number(), name: z.string(), email: z.string() }).optional(),
  }),
);
export type TSubscription = z.infer<typeof ZSubscriptionSchema>;

export const ZInvoiceSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    uuid: z.string(),
    subscription_id: z.number(),
    amount: z.int(),
    currency: z.string(),
    paid: z.boolean(),
    period_start: z.string().nullable(),
    period_end: z.string().nullable(),
    created_at: z.string(),
  }),
);
export type TInvoice = z.infer<typeof ZInvoiceSchema>;

export const ZPaymentMethodSchema = lazySchema(() =>
  z.object({ brand: z.string(), last4: z.string().nullable() }),
);

/** GET billing/subscription: what /billing shows. */
export const ZBillingOverviewSchema = lazySchema(() =>
  z.object({
    subscription: ZSubscriptionSchema.nullable(),
    payment_method: ZPaymentMethodSchema.nullable(),
    invoices: z.array(ZInvoiceSchema),
  }),
);
export type TBillingOverview = z.infer<typeof ZBillingOverviewSchema>;

export const ZCheckoutInputSchema = lazySchema(() =>
  z.object({
    product_id: z.int().positive(),
    price_id: z.int().positive(),
  }),
);
export type TCheckoutInput = z.infer<typeof ZCheckoutInputSchema>;

/** Where the browser goes next: the provider's page, or back into the app. */
export const ZRedirectSchema = lazySchema(() => z.object({ url: z.string() }));

export const ZStripeDoneInputSchema = lazySchema(() =>
  ZCheckoutInputSchema.extend({
    session_id: z.string().min(1).max(255),
  }),
);
export const ZPaypalDoneInputSchema = lazySchema(() =>
  ZCheckoutInputSchema.extend({
    subscription_id: z.string().min(1).max(255),
  }),
);
export const ZSetupDoneInputSchema = lazySchema(() => z.object({ session_id: z.string().min(1).max(255) }));

export const ZSubscriptionAnswerSchema = lazySchema(() => z.object({ subscription: ZSubscriptionSchema }));

/** The plan-change confirm page (spec 2.8): what changes and what is charged now. */
export const ZPlanChangePreviewSchema = lazySchema(() =>
  z.object({
    amount_due: z.int(),
    currency: z.string(),
    from: z.object({ product: z.string(), price: ZPriceSchema.nullable() }),
    to: z.object({ product: z.string(), price: ZPriceSchema }),
  }),
);
export type TPlanChangePreview = z.infer<typeof ZPlanChangePreviewSchema>;

export const ZGrantSubscriptionInputSchema = lazySchema(() =>
  z.object({
    user_id: z.int().positive(),
    product_id: z.int().positive(),
    price_id: z.int().positive().nullable().default(null),
    ends_at: z.iso.datetime({ offset: true }).nullable().default(null),
  }),
);

/** /admin/subscriptions filters: what a subscription grants now, its provider, its plan. */
export const SUBSCRIPTION_STATE_FILTERS = ['active', 'on_grace', 'past_due', 'ended'] as const;
export const ZAdminSubscriptionsQuerySchema = lazySchema(() =>
  adminListQuerySchema(['created_at', 'renews_at', 'ends_at'], {
    state: z.enum(SUBSCRIPTION_STATE_FILTERS).optional(),
    gateway: z.enum(BILLING_GATEWAYS).optional(),
    product: ZIdFilterSchema,
  }),
);
export type TAdminSubscriptionsQuery = z.infer<typeof ZAdminSubscriptionsQuerySchema>;

/** /admin/plans: a search by name over the (few) plans, in their display order. */
export const ZAdminPlansQuerySchema = lazySchema(() => adminListQuerySchema(['position']));

/** One plan, as GET billing/products/{id} and the admin's plan writes answer it. */
export const ZProductAnswerSchema = lazySchema(() => z.object({ product: ZProductSchema }));

export const ZInvoiceParamsSchema = lazySchema(() => z.object({ uuid: z.uuid() }));
/** The printable receipt: the invoice and the plan's name. */
export const ZInvoiceAnswerSchema = lazySchema(() => z.object({ invoice: ZInvoiceSchema, plan: z.string() }));
export type TInvoiceAnswer = z.infer<typeof ZInvoiceAnswerSchema>;

/** What a provider webhook is answered: received, and whether it was seen before. */
export const ZWebhookReceivedSchema = lazySchema(() =>
  z.object({ received: z.literal(true), duplicate: z.boolean() }),
);

/**
 * /admin/billing/webhooks: the stored provider events. `applied` once the job applied it,
 * `pending` while it waits for its first try, `failed` once a try failed (it stays pending, the
 * sweep retries it with backoff; `attempts` and `last_error` tell why).
 */
export const WEBHOOK_PROVIDERS = ['stripe', 'paypal'] as const;
export const WEBHOOK_EVENT_STATUSES = ['applied', 'pending', 'failed'] as const;
export type TWebhookEventStatus = (typeof WEBHOOK_EVENT_STATUSES)[number];

export const ZAdminWebhookEventsQuerySchema = lazySchema(() =>
  adminListQuerySchema(['received_at'], {
    provider: z.enum(WEBHOOK_PROVIDERS).optional(),
    status: z.enum(WEBHOOK_EVENT_STATUSES).optional(),
  }),
);
export type TAdminWebhookEventsQuery = z.infer<typeof ZAdminWebhookEventsQuerySchema>;

export const ZWebhookEventSchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    provider: z.enum(WEBHOOK_PROVIDERS),
    event_id: z.string(),
    event_type: z.string(),
    /** The provider subscription it is about (null: none). */
    subject: z.string().nullable(),
    status: z.enum(WEBHOOK_EVENT_STATUSES),
    attempts: z.number().int(),
    last_error: z.string().nullable(),
    received_at: z.string(),
    processed_at: z.string().nullable(),
  }),
);
export type TWebhookEvent = z.infer<typeof ZWebhookEventSchema>;

/** One event with the body received, pretty-printed (the exact bytes when they are not JSON). */
export const ZWebhookEventAnswerSchema = lazySchema(() =>
  z.object({
    event: ZWebhookEventSchema.extend({ payload: z.string() }),
  }),
);
export type TWebhookEventAnswer = z.infer<typeof ZWebhookEventAnswerSchema>;

/** "Retry now": the selected events not applied yet are queued at once, whatever their backoff. */
export const WEBHOOK_RETRY_MAX = 100;
export const ZWebhookRetryInputSchema = lazySchema(() =>
  z.object({
    ids: z
      .array(z.int().positive())
      .min(1, 'Select at least one event.')
      .max(WEBHOOK_RETRY_MAX, `At most ${WEBHOOK_RETRY_MAX} events can be retried at once.`),
  }),
);
export type TWebhookRetryInput = z.infer<typeof ZWebhookRetryInputSchema>;
export const ZWebhookRetryAnswerSchema = lazySchema(() =>
  z.object({
    message: z.string(),
    /** Events queued again. */
    queued: z.number().int(),
    /** Selected events already applied (nothing to do). */
    skipped: z.number().int(),
  }),
);
export type TWebhookRetryAnswer = z.infer<typeof ZWebhookRetryAnswerSchema>;
