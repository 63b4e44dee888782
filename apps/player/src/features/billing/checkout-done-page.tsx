import { useTrans } from '@cadence/app-shell/use-trans';
import type { TSubscription } from '@cadence/contracts/billing';
import { buttonClasses } from '@cadence/ui/button-styles';
import { useQueryClient } from '@tanstack/react-query';
import CircleCheckIcon from 'lucide-react/icons/circle-check';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { refreshBilling } from './billing-actions';
import { checkoutInput, confirmCheckout, type TGateway } from './billing-queries';
import { BillingError, BillingFrame, BillingLoading } from './billing-states';

type TState =
  | { status: 'pending' }
  | { status: 'done'; subscription: TSubscription }
  | { status: 'error'; error: unknown };

/**
 * Spec 2.8 done pages of the card and wallet providers. The provider's id in the address is only
 * a claim: the api confirms it with the provider (complete, this user's, this price) first.
 */
export function CheckoutDonePage({ gateway }: { gateway: TGateway }) {
  const { trans } = useTrans();
  const params = useParams();
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  const [state, setState] = useState<TState>({ status: 'pending' });
  const started = useRef(false);
  const input = checkoutInput(params.productId, params.priceId);
  const claim = gateway === 'stripe' ? search.get('session_id') : search.get('subscription_id');

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!input || !claim) {
      setState({ status: 'error', error: new Error('This checkout session was not found.') });
      return;
    }
    const body =
      gateway === 'stripe' ? { ...input, session_id: claim } : { ...input, subscription_id: claim };
    confirmCheckout(gateway, body)
      .then(async (subscription) => {
        // The menu's Billing item and the billing guards follow the new subscription.
        await refreshBilling(queryClient);
        setState({ status: 'done', subscription });
      })
      .catch((error: unknown) => setState({ status: 'error', error }));
  }, [gateway, input, claim, queryClient]);

  if (state.status === 'pending')
    return (
      <BillingFrame title={trans('Confirming your payment')} testId="checkout-done-page">
        <BillingLoading />
      </BillingFrame>
    );
  if (state.status === 'error')
    return (
      <BillingFrame title={trans('Your payment could not be confirmed')} testId="checkout-done-page">
        <BillingError error={state.error} />
        <Link to="/pricing" className="text-primary underline">
          {trans('Back to plans')}
        </Link>
      </BillingFrame>
    );
  return (
    <BillingFrame title={trans('Thank you for subscribing!')} testId="checkout-done-page">
      <div className="flex items-start gap-3 rounded-panel bg-paper p-5 ring-1 ring-divider">
        <CircleCheckIcon aria-hidden="true" className="size-6 shrink-0 text-positive" />
        <p data-testid="checkout-done-message">
          {trans('You are now subscribed to :plan.', { plan: state.subscription.product?.name ?? '' })}
        </p>
      </div>
      <div className="flex flex-wrap gap-3">
        <Link to="/billing" className={buttonClasses()}>
          {trans('Go to billing')}
        </Link>
        <Link to="/" className={buttonClasses({ variant: 'outline' })}>
          {trans('Start listening')}
        </Link>
      </div>
    </BillingFrame>
  );
}

export const StripeDonePage = () => <CheckoutDonePage gateway="stripe" />;
export const PaypalDonePage = () => <CheckoutDonePage gateway="paypal" />;
