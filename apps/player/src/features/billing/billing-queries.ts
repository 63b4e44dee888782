import {
  type TBillingOverview,
  type TCheckoutInput,
  type TInvoiceAnswer,
  type TPlanChangePreview,
  type TProduct,
  type TSubscription,
  ZBillingOverviewSchema,
  ZCheckoutInputSchema,
  ZInvoiceAnswerSchema,
  ZPlanChangePreviewSchema,
  ZProductSchema,
  ZRedirectSchema,
  ZSubscriptionAnswerSchema,
} from '@cadence/contracts/billing';
import { paginationSchema } from '@cadence/contracts/pagination';
import { apiClient } from '@cadence/http-client/http-client';
import { queryOptions } from '@tanstack/react-query';

/**
 * The player's billing calls. Every answer is checked against the contract the api declares, so
 * a page never renders a shape it does not expect (a broken answer is an error, not a blank card).
 */
const ZProductsAnswerSchema = paginationSchema(ZProductSchema);

export const billingKeys = {
  products: ['billing', 'products'] as const,
  overview: ['billing', 'subscription'] as const,
};

export const productsQuery = () =>
  queryOptions({
    queryKey: billingKeys.products,
    queryFn: async ({ signal }): Promise<TProduct[]> =>
      ZProductsAnswerSchema.parse(await apiClient.get('billing/products', { signal })).pagination.data,
  });

export const billingOverviewQuery = () =>
  queryOptions({
    queryKey: billingKeys.overview,
    queryFn: async ({ signal }): Promise<TBillingOverview> =>
      ZBillingOverviewSchema.parse(await apiClient.get('billing/subscription', { signal })),
  });

export const planChangePreviewQuery = (input: TCheckoutInput) =>
  queryOptions({
    queryKey: ['billing', 'change-preview', input.product_id, input.price_id],
    queryFn: async (): Promise<TPlanChangePreview> =>
      ZPlanChangePreviewSchema.parse(await apiClient.post('billing/subscription/change-plan/preview', input)),
    staleTime: 0,
  });

export const receiptQuery = (uuid: string) =>
  queryOptions({
    queryKey: ['billing', 'invoices', uuid],
    queryFn: async ({ signal }): Promise<TInvoiceAnswer> =>
      ZInvoiceAnswerSchema.parse(
        await apiClient.get(`billing/invoices/${encodeURIComponent(uuid)}`, { signal }),
      ),
  });

/** Route params as the checkout input, or null when they are not ids (the page shows not found). */
export function checkoutInput(productId: string | undefined, priceId: string | undefined) {
  const parsed = ZCheckoutInputSchema.safeParse({ product_id: Number(productId), price_id: Number(priceId) });
  return parsed.success ? parsed.data : null;
}

export type TGateway = 'stripe' | 'paypal';

/** Starts a checkout at the provider: answers the provider's page to open. */
export async function startCheckout(gateway: TGateway, input: TCheckoutInput): Promise<string> {
  return ZRedirectSchema.parse(await apiClient.post(`billing/checkout/${gateway}`, input)).url;
}

/** The done page asks the api to confirm with the provider (the query string is never trusted). */
export async function confirmCheckout(
  gateway: TGateway,
  input: TCheckoutInput & { session_id?: string; subscription_id?: string },
): Promise<TSubscription> {
  return ZSubscriptionAnswerSchema.parse(await apiClient.post(`billing/checkout/${gateway}/done`, input))
    .subscription;
}

export async function subscriptionAction(
  action: 'cancel' | 'renew' | 'change-plan',
  input?: TCheckoutInput,
): Promise<TSubscription> {
  return ZSubscriptionAnswerSchema.parse(await apiClient.post(`billing/subscription/${action}`, input ?? {}))
    .subscription;
}

export async function startPaymentMethodChange(): Promise<string> {
  return ZRedirectSchema.parse(await apiClient.post('billing/payment-method', {})).url;
}

export async function finishPaymentMethodChange(sessionId: string): Promise<TBillingOverview> {
  return ZBillingOverviewSchema.parse(
    await apiClient.post('billing/payment-method/done', { session_id: sessionId }),
  );
}
