import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { TGuard } from './billing-guard';

/**
 * A billing page and its guard (billing-guard.ts), both loaded when the route is visited: React
 * Router runs the loader `lazy` returns before it renders the page, so the guard still decides first.
 */
const page =
  <K extends string>(
    guard: TGuard,
    load: () => Promise<Record<K, ComponentType>>,
    name: K,
  ): RouteObject['lazy'] =>
  async () => {
    const [{ billingGuard }, module] = await Promise.all([import('./billing-guard'), load()]);
    return { loader: billingGuard(guard), Component: module[name] };
  };

const billingPage = <K extends string>(
  path: string,
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): RouteObject => ({ path, lazy: page('billing', load, name) });

/** Spec 2.8 pricing, checkout and billing routes (inside the player layout). */
export const billingRoutes: RouteObject[] = [
  { path: 'pricing', lazy: page('pricing', () => import('./pricing-page'), 'PricingPage') },
  {
    path: 'checkout/:productId/:priceId',
    lazy: page('checkout', () => import('./checkout-page'), 'CheckoutPage'),
  },
  {
    path: 'checkout/:productId/:priceId/stripe/done',
    lazy: page('checkout-done', () => import('./checkout-done-page'), 'StripeDonePage'),
  },
  {
    path: 'checkout/:productId/:priceId/paypal/done',
    lazy: page('checkout-done', () => import('./checkout-done-page'), 'PaypalDonePage'),
  },
  billingPage('billing', () => import('./billing-page'), 'BillingPage'),
  billingPage(
    'billing/change-payment-method',
    () => import('./payment-method-pages'),
    'ChangePaymentMethodPage',
  ),
  billingPage(
    'billing/change-payment-method/done',
    () => import('./payment-method-pages'),
    'ChangePaymentMethodDonePage',
  ),
  billingPage('billing/change-plan', () => import('./change-plan-pages'), 'ChangePlanPage'),
  billingPage(
    'billing/change-plan/:productId/:priceId/confirm',
    () => import('./change-plan-pages'),
    'ChangePlanConfirmPage',
  ),
  billingPage('billing/cancel', () => import('./cancel-renew-pages'), 'CancelPage'),
  billingPage('billing/renew', () => import('./cancel-renew-pages'), 'RenewPage'),
  billingPage('billing/invoices/:uuid', () => import('./receipt-page'), 'ReceiptPage'),
];
