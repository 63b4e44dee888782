import { useTrans } from '@cadence/app-shell/use-trans';
import type { TPrice } from '@cadence/contracts/billing';
import { formatMinorAmount } from '@cadence/contracts/pricing';
import { billingPeriod } from './pricing-model';

/** "$76 every year": the whole amount charged and how often. */
export function usePriceLine() {
  const { trans } = useTrans();
  return (price: Pick<TPrice, 'amount' | 'currency' | 'interval' | 'interval_count'>) =>
    trans(':amount :period', {
      amount: formatMinorAmount(price.amount, price.currency),
      period: trans(...billingPeriod(price)),
    });
}

export function PlanSummary({ name, price }: { name: string; price: TPrice }) {
  const { trans } = useTrans();
  const priceLine = usePriceLine();
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 rounded-panel bg-paper p-5 ring-1 ring-divider">
      <dt className="text-muted">{trans('Plan')}</dt>
      <dd className="font-semibold" data-testid="summary-plan">
        {name}
      </dd>
      <dt className="text-muted">{trans('Price')}</dt>
      <dd data-testid="summary-price">{priceLine(price)}</dd>
    </dl>
  );
}
