import { useTrans } from '@cadence/app-shell/use-trans';
import { Button } from '@cadence/ui/button';
import { buttonClasses } from '@cadence/ui/button-styles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { refreshBilling } from './billing-actions';
import { finishPaymentMethodChange, startPaymentMethodChange } from './billing-queries';
import { BillingError, BillingFrame, BillingLoading } from './billing-states';

/** Spec 2.8 /billing/change-payment-method: the new card is entered on the provider's page. */
export function ChangePaymentMethodPage() {
  const { trans } = useTrans();
  const start = useMutation({
    mutationFn: startPaymentMethodChange,
    onSuccess: (url) => window.location.assign(url),
  });
  return (
    <BillingFrame title={trans('Change payment method')} testId="change-payment-method-page">
      <p>{trans('You will enter your new card on our payment provider’s secure page.')}</p>
      {start.isError && <BillingError error={start.error} />}
      <div className="flex flex-wrap gap-3">
        <Button isDisabled={start.isPending || start.isSuccess} onPress={() => start.mutate()}>
          {trans('Continue')}
        </Button>
        <Link to="/billing" className={buttonClasses({ variant: 'outline' })}>
          {trans('Go back')}
        </Link>
      </div>
    </BillingFrame>
  );
}

/** Spec 2.8 /billing/change-payment-method/done: the api checks the session with the provider. */
export function ChangePaymentMethodDonePage() {
  const { trans } = useTrans();
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  const [state, setState] = useState<'pending' | 'done' | { error: unknown }>('pending');
  const started = useRef(false);
  const sessionId = search.get('session_id');
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!sessionId) {
      setState({ error: new Error('This checkout session was not found.') });
      return;
    }
    finishPaymentMethodChange(sessionId)
      .then(async () => {
        await refreshBilling(queryClient);
        setState('done');
      })
      .catch((error: unknown) => setState({ error }));
  }, [sessionId, queryClient]);
  return (
    <BillingFrame title={trans('Change payment method')} testId="change-payment-method-done-page">
      {state === 'pending' ? (
        <BillingLoading />
      ) : state === 'done' ? (
        <p role="status">{trans('Your payment method has been updated.')}</p>
      ) : (
        <BillingError error={state.error} />
      )}
      <Link to="/billing" className="self-start text-primary underline">
        {trans('Back to billing')}
      </Link>
    </BillingFrame>
  );
}
