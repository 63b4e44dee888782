import { getBootstrapData } from '@cadence/app-shell/bootstrap-store';
import { isSubscribed } from '@cadence/permissions/can';
import { type RouteObject, redirect } from 'react-router';

type TGuard = 'pricing' | 'checkout' | 'checkout-done' | 'billing';

/**
 * Spec 2.8 and 6 guards. With billing off every page here is the 404 page. Checkout needs a
 * signed-in listener (else /register) without a subscription (else /billing); its done pages
 * only need the sign-in, since the provider's webhook may have made the subscription already.
 * Billing pages need a subscription (else /pricing; signed out: /login).
 */
export function billingGuard(kind: TGuard) {
  return (): null => {
    const { settings, user } = getBootstrapData();
    if (!settings.billing.enable) throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
    if (kind === 'pricing') return null;
    if (kind === 'checkout' || kind === 'checkout-done') {
      if (!user) throw redirect('/register');
      if (kind === 'checkout' && isSubscribed(user)) throw redirect('/billing');
      return null;
    }
    if (!user) throw redirect('/login');
    if (!isSubscribed(user)) throw redirect('/pricing');
    return null;
  };
}

const page =
  <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  () =>
    load().then((module) => ({ Component: module[name] }));

const billingPage = (path: string, lazy: RouteObject['lazy']): RouteObject => ({
  path,
  loader: billingGuard('billing'),
  lazy,
});

/** Spec 2.8 pricing, checkout and billing routes (inside the player layout). */
export const billingRoutes: RouteObject[] = [
  {
    path: 'pricing',
    loader: billingGuard('pricing'),
    lazy: page(() => import('./pricing-page'), 'PricingPage'),
  },
  {
    path: 'checkout/:productId/:priceId',
    loader: billingGuard('checkout'),
    lazy: page(() => import('./checkout-page'), 'CheckoutPage'),
  },
  {
    path: 'checkout/:productId/:priceId/stripe/done',
    loader: billingGuard('checkout-done'),
    lazy: page(() => import('./checkout-done-page'), 'StripeDonePage'),
  },
  {
    path: 'checkout/:productId/:priceId/paypal/done',
    loader: billingGuard('checkout-done'),
    lazy: page(() => import('./checkout-done-page'), 'PaypalDonePage'),
  },
  billingPage(
    'billing',
    page(() => import('./billing-page'), 'BillingPage'),
  ),
  billingPage(
    'billing/change-payment-method',
    page(() => import('./payment-method-pages'), 'ChangePaymentMethodPage'),
  ),
  billingPage(
    'billing/change-payment-method/done',
    page(() => import('./payment-method-pages'), 'ChangePaymentMethodDonePage'),
  ),
  billingPage(
    'billing/change-plan',
    page(() => import('./change-plan-pages'), 'ChangePlanPage'),
  ),
  billingPage(
    'billing/change-plan/:productId/:priceId/confirm',
    page(() => import('./change-plan-pages'), 'ChangePlanConfirmPage'),
  ),
  billingPage(
    'billing/cancel',
    page(() => import('./cancel-renew-pages'), 'CancelPage'),
  ),
  billingPage(
    'billing/renew',
    page(() => import('./cancel-renew-pages'), 'RenewPage'),
  ),
  billingPage(
    'billing/invoices/:uuid',
    page(() => import('./receipt-page'), 'ReceiptPage'),
  ),
];
