import { fixture } from '@cadence/app-shell/test/story-helpers';
import {
  type TBillingOverview,
  ZBillingOverviewSchema,
  ZInvoiceAnswerSchema,
  ZPlanChangePreviewSchema,
  ZProductSchema,
  ZRedirectSchema,
  ZSubscriptionAnswerSchema,
} from '@cadence/contracts/billing';
import { paginationSchema } from '@cadence/contracts/pagination';
import { delay, HttpResponse, http } from 'msw';

/**
 * The billing pages' api answers for the catalogue, each parsed with its contract when a story
 * asks for it (a fixture that drifts from the contract fails the story).
 */

const STAMP = '2026-10-01T12:00:00.000Z';

const price = (id: number, productId: number, amount: number, interval: 'month' | 'year') => ({
  id,
  product_id: productId,
  amount,
  currency: 'USD',
  interval,
  interval_count: 1,
  archived: false,
  gateways: ['stripe' as const, 'paypal' as const],
});

/** The plans as `GET api/v1/billing/products` lists them. */
export const storyProducts = () =>
  fixture(ZProductSchema.array(), [
    {
      id: 1,
      name: 'Free',
      description: 'Listen with ads.',
      feature_list: ['Ad-supported listening', 'Playlists'],
      position: 1,
      recommended: false,
      free: true,
      hidden: false,
      upload_minutes: 0,
      permissions: [],
      prices: [],
    },
    {
      id: 2,
      name: 'Premium',
      description: 'No ads, offline listening and uploads.',
      feature_list: ['No ads', 'Offline listening', '180 upload minutes'],
      position: 2,
      recommended: true,
      free: false,
      hidden: false,
      upload_minutes: 180,
      permissions: ['music.create'],
      prices: [price(21, 2, 999, 'month'), price(22, 2, 9990, 'year')],
    },
    {
      id: 3,
      name: 'Artist Pro with an unusually long plan name for the card',
      description: 'Everything in Premium, unlimited uploads and insights for your releases.',
      feature_list: ['Everything in Premium', 'Unlimited uploads', 'Release insights', 'Priority support'],
      position: 3,
      recommended: false,
      free: false,
      hidden: false,
      upload_minutes: null,
      permissions: ['music.create'],
      prices: [price(31, 3, 1999, 'month'), price(32, 3, 19990, 'year')],
    },
  ]);

type TSubscriptionState = 'active' | 'cancelled' | 'past_due';

/** A subscription to Premium, yearly (`state` picks the flags the status badge reads). */
export const storySubscription = (state: TSubscriptionState = 'active') => ({
  id: 41,
  user_id: 7,
  product_id: 2,
  price_id: 22,
  gateway_name: 'stripe' as const,
  gateway_id: 'sub_123',
  status: state === 'past_due' ? 'past_due' : 'active',
  valid: true,
  active: state !== 'cancelled',
  on_grace_period: state === 'cancelled',
  renews_at: state === 'cancelled' ? null : '2027-10-01T12:00:00.000Z',
  ends_at: state === 'cancelled' ? '2027-10-01T12:00:00.000Z' : null,
  created_at: STAMP,
  product: { id: 2, name: 'Premium' },
  price: price(22, 2, 9990, 'year'),
});

const invoice = (id: number, paid: boolean) => ({
  id,
  uuid: `0b9c2a4e-6f1d-4c3b-9a7e-00000000000${id}`,
  subscription_id: 41,
  amount: 9990,
  currency: 'USD',
  paid,
  period_start: '2026-10-01T12:00:00.000Z',
  period_end: '2027-10-01T12:00:00.000Z',
  created_at: STAMP,
});

/** `GET api/v1/billing/subscription`: what /billing shows. */
export const storyBillingOverview = (
  state: TSubscriptionState | 'none' = 'active',
  overrides: Partial<TBillingOverview> = {},
): TBillingOverview =>
  fixture(ZBillingOverviewSchema, {
    subscription: state === 'none' ? null : storySubscription(state),
    payment_method: state === 'none' ? null : { brand: 'visa', last4: '4242' },
    invoices: state === 'none' ? [] : [invoice(1, true), invoice(2, false)],
    ...overrides,
  });

/** The user's subscriptions in the bootstrap data (the billing guards and the viewer read them). */
export const subscribedUser = { subscriptions: [{ valid: true, active: true }] };

export const billingApi = {
  products: (products = storyProducts()) =>
    http.get('*/api/v1/billing/products', () =>
      HttpResponse.json(
        fixture(paginationSchema(ZProductSchema), {
          pagination: { data: products, current_page: 1, per_page: 25, total: products.length, last_page: 1 },
        }),
      ),
    ),
  overview: (overview: () => TBillingOverview = () => storyBillingOverview()) =>
    http.get('*/api/v1/billing/subscription', () => HttpResponse.json(overview())),
  /** A request that never answers: the page's loading state. */
  pending: (path: string) => http.all(`*/api/v1/billing/${path}`, () => delay('infinite')),
  /** The api's error answer (`message`), e.g. the provider declined. */
  failing: (
    method: 'get' | 'post',
    path: string,
    status = 500,
    message = 'There was an issue. Please try again.',
  ) => http[method](`*/api/v1/billing/${path}`, () => HttpResponse.json({ message }, { status })),
  preview: () =>
    http.post('*/api/v1/billing/subscription/change-plan/preview', () =>
      HttpResponse.json(
        fixture(ZPlanChangePreviewSchema, {
          amount_due: 8420,
          currency: 'USD',
          from: { product: 'Premium', price: price(21, 2, 999, 'month') },
          to: {
            product: 'Artist Pro with an unusually long plan name for the card',
            price: price(32, 3, 19990, 'year'),
          },
        }),
      ),
    ),
  /** `POST billing/subscription/{action}` and the checkout done calls: the subscription. */
  subscription: (path: string, state: TSubscriptionState = 'active') =>
    http.post(`*/api/v1/billing/${path}`, () =>
      HttpResponse.json(fixture(ZSubscriptionAnswerSchema, { subscription: storySubscription(state) })),
    ),
  redirect: (path: string) =>
    http.post(`*/api/v1/billing/${path}`, () =>
      HttpResponse.json(fixture(ZRedirectSchema, { url: '#provider-page' })),
    ),
  receipt: (overrides: Record<string, unknown> = {}) =>
    http.get('*/api/v1/billing/invoices/:uuid', () =>
      HttpResponse.json(
        fixture(ZInvoiceAnswerSchema, { invoice: { ...invoice(1, true), ...overrides }, plan: 'Premium' }),
      ),
    ),
};
