import { useTrans } from '@cadence/app-shell/use-trans';
import type { TPricingCycle } from '@cadence/contracts/pricing';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { productsQuery } from './billing-queries';
import { BillingError, BillingFrame, BillingLoading } from './billing-states';
import { CycleToggle, PlanCards } from './plan-cards';
import { useViewer } from './use-viewer';

/** Spec 2.8 /pricing: Annual/Monthly toggle (yearly by default), plan cards, a Contact us block. */
export function PricingPage() {
  const { trans } = useTrans();
  const [cycle, setCycle] = useState<TPricingCycle>('yearly');
  const products = useQuery(productsQuery());
  const viewer = useViewer();
  return (
    <BillingFrame title={trans('Choose the right plan for you')} width="max-w-6xl" testId="pricing-page">
      {products.isPending ? (
        <BillingLoading />
      ) : products.isError ? (
        <BillingError error={products.error} />
      ) : (
        <>
          <CycleToggle cycle={cycle} onChange={setCycle} products={products.data} />
          {products.data.length === 0 ? (
            <p className="text-muted">{trans('There are no plans yet.')}</p>
          ) : (
            <PlanCards products={products.data} cycle={cycle} viewer={viewer} />
          )}
        </>
      )}
      <section
        aria-labelledby="pricing-contact-h"
        className="flex flex-col items-center gap-2 rounded-panel bg-paper p-6 text-center ring-1 ring-divider"
      >
        <h2 id="pricing-contact-h" className="text-lg font-semibold">
          {trans('Do you have any questions about our plans?')}
        </h2>
        <p className="text-sm text-muted">
          {trans('Our team will be happy to help you choose the right one.')}{' '}
          <Link to="/contact" className="text-primary underline">
            {trans('Contact us')}
          </Link>
        </p>
      </section>
    </BillingFrame>
  );
}
