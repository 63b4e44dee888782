import { toast } from '@cadence/app-shell/toast-store';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TPricingCycle } from '@cadence/contracts/pricing';
import { formatMinorAmount } from '@cadence/contracts/pricing';
import { Button } from '@cadence/ui/button';
import { buttonClasses } from '@cadence/ui/button-styles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { refreshBilling } from './billing-actions';
import { checkoutInput, planChangePreviewQuery, productsQuery, subscriptionAction } from './billing-queries';
import { BillingError, BillingFrame, BillingLoading } from './billing-states';
import { CycleToggle, PlanCards } from './plan-cards';
import { usePriceLine } from './price-summary';
import { useViewer } from './use-viewer';

/** Spec 2.8 /billing/change-plan: the plan cards, each leading to its confirm page. */
export function ChangePlanPage() {
  const { trans } = useTrans();
  const [cycle, setCycle] = useState<TPricingCycle>('yearly');
  const products = useQuery(productsQuery());
  const viewer = useViewer();
  return (
    <BillingFrame title={trans('Change plan')} width="max-w-6xl" testId="change-plan-page">
      <Link to="/billing" className="self-start text-primary underline">
        {trans('Back to billing')}
      </Link>
      {products.isPending ? (
        <BillingLoading />
      ) : products.isError ? (
        <BillingError error={products.error} />
      ) : (
        <>
          <CycleToggle cycle={cycle} onChange={setCycle} products={products.data} />
          <PlanCards products={products.data} cycle={cycle} viewer={viewer} />
        </>
      )}
    </BillingFrame>
  );
}

/** Spec 2.8 /billing/change-plan/{productId}/{priceId}/confirm: what changes and what is charged now. */
export function ChangePlanConfirmPage() {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const priceLine = usePriceLine();
  const params = useParams();
  const input = checkoutInput(params.productId, params.priceId);
  const preview = useQuery({
    ...planChangePreviewQuery(input ?? { product_id: 0, price_id: 0 }),
    enabled: input !== null,
  });
  const change = useMutation({
    mutationFn: () => subscriptionAction('change-plan', input!),
    onSuccess: async () => {
      await refreshBilling(queryClient);
      toast.positive(trans('Your plan has been changed.'));
      navigate('/billing');
    },
  });
  return (
    <BillingFrame title={trans('Confirm your new plan')} testId="change-plan-confirm-page">
      {!input ? (
        <p role="alert">{trans('This plan is not available.')}</p>
      ) : preview.isPending ? (
        <BillingLoading />
      ) : preview.isError ? (
        <BillingError error={preview.error} />
      ) : (
        <>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 rounded-panel bg-paper p-5 ring-1 ring-divider">
            <dt className="text-muted">{trans('Current plan')}</dt>
            <dd>
              {preview.data.from.product}
              {preview.data.from.price && ` (${priceLine(preview.data.from.price)})`}
            </dd>
            <dt className="text-muted">{trans('New plan')}</dt>
            <dd className="font-semibold" data-testid="change-plan-to">
              {preview.data.to.product} ({priceLine(preview.data.to.price)})
            </dd>
            <dt className="text-muted">{trans('Due today')}</dt>
            <dd className="font-semibold" data-testid="change-plan-due">
              {formatMinorAmount(preview.data.amount_due, preview.data.currency)}
            </dd>
          </dl>
          <p className="text-sm text-muted">
            {trans('The unused part of your current period is credited (prorated) against the new plan.')}
          </p>
          {change.isError && <BillingError error={change.error} />}
          <div className="flex flex-wrap gap-3">
            <Button isDisabled={change.isPending || change.isSuccess} onPress={() => change.mutate()}>
              {trans('Confirm')}
            </Button>
            <Link to="/billing/change-plan" className={buttonClasses({ variant: 'outline' })}>
              {trans('Go back')}
            </Link>
          </div>
        </>
      )}
    </BillingFrame>
  );
}
