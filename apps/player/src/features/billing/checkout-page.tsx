import { useSettings } from '@cadence/app-shell/use-bootstrap-data';
import { useTrans } from '@cadence/app-shell/use-trans';
import { isHttpError } from '@cadence/http-client/http-error';
import { Button } from '@cadence/ui/button';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { checkoutInput, productsQuery, startCheckout, type TGateway } from './billing-queries';
import { BillingError, BillingFrame, BillingLoading } from './billing-states';
import { payableGateways } from './gateways';
import { forgetChoice } from './plan-cards';
import { PlanSummary } from './price-summary';

/** The plan and price picked on /pricing (hidden plans and archived prices are not offered). */
export function useCheckoutTarget() {
  const params = useParams();
  const input = checkoutInput(params.productId, params.priceId);
  const products = useQuery(productsQuery());
  const product = products.data?.find((item) => item.id === input?.product_id);
  const price = product?.prices.find((item) => item.id === input?.price_id && !item.archived);
  return { input, products, product, price };
}

/**
 * Spec 2.8 /checkout/{productId}/{priceId}: the plan and price, then the card provider's hosted
 * page or the wallet's approval page. Pressing twice starts one session (the api keeps the
 * first for a while, and the buttons stay disabled until the browser leaves).
 */
export function CheckoutPage() {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const settings = useSettings();
  const { input, products, product, price } = useCheckoutTarget();
  const gateways = payableGateways(settings, price ?? {});
  // The choice kept for after sign-up has done its job once the listener is here.
  useEffect(() => forgetChoice(), []);
  const start = useMutation({
    mutationFn: (gateway: TGateway) => startCheckout(gateway, input!),
    onSuccess: (url) => window.location.assign(url),
    onError: (error) => {
      if (isHttpError(error) && error.status === 409) navigate('/billing', { replace: true });
    },
  });
  const isBusy = start.isPending || start.isSuccess;
  return (
    <BillingFrame title={trans('Checkout')} testId="checkout-page">
      {products.isPending ? (
        <BillingLoading />
      ) : products.isError ? (
        <BillingError error={products.error} />
      ) : !product || !price || !input ? (
        <div className="flex flex-col gap-3">
          <p role="alert">{trans('This plan is not available.')}</p>
          <Link to="/pricing" className="text-primary underline">
            {trans('See plans')}
          </Link>
        </div>
      ) : (
        <>
          <PlanSummary name={product.name} price={price} />
          <section aria-labelledby="checkout-pay-h" className="flex flex-col gap-3">
            <h2 id="checkout-pay-h" className="text-lg font-semibold">
              {trans('How would you like to pay?')}
            </h2>
            {start.isError && <BillingError error={start.error} />}
            <div className="flex flex-wrap gap-3">
              {gateways.stripe && (
                <Button size="lg" isDisabled={isBusy} onPress={() => start.mutate('stripe')}>
                  {trans('Pay by card')}
                </Button>
              )}
              {gateways.paypal && (
                <Button
                  size="lg"
                  variant="outline"
                  isDisabled={isBusy}
                  onPress={() => start.mutate('paypal')}
                >
                  {trans('Pay with PayPal')}
                </Button>
              )}
            </div>
            {!gateways.stripe && !gateways.paypal && (
              <p className="text-muted">{trans('No payment method is available yet.')}</p>
            )}
            <p className="text-sm text-muted">
              {trans('You can cancel at any time from your billing page.')}{' '}
              <Link to="/pricing" className="text-primary underline">
                {trans('Change plan')}
              </Link>
            </p>
          </section>
        </>
      )}
    </BillingFrame>
  );
}
