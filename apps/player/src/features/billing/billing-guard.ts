import { getBootstrapData } from '@cadence/app-shell/bootstrap-store';
import { isSubscribed } from '@cadence/permissions/can';
import { redirect } from 'react-router';

// Loaded with the billing pages (billing-routes.tsx): the guards leave the first download too.

export type TGuard = 'pricing' | 'checkout' | 'checkout-done' | 'billing';

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
