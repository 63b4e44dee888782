import { ONBOARDING_SELECTION_KEY } from '@cadence/app-shell/auth/post-login-redirect';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TProduct } from '@cadence/contracts/billing';
import {
  formatDisplayPrice,
  formatMinorAmount,
  highestSavingsPercentage,
  type TPricingCycle,
} from '@cadence/contracts/pricing';
import { buttonClasses } from '@cadence/ui/button-styles';
import { clsx } from 'clsx';
import CheckIcon from 'lucide-react/icons/check';
import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { Link } from 'react-router';
import { billingPeriod, perUnitLabel, planButton, planPrice, type TViewer } from './pricing-model';

/** Spec 2.8/9: Annual/Monthly (yearly first), with "Save up to :percentage%" when a plan saves. */
export function CycleToggle({
  cycle,
  onChange,
  products,
}: {
  cycle: TPricingCycle;
  onChange: (cycle: TPricingCycle) => void;
  products: readonly TProduct[];
}) {
  const { trans } = useTrans();
  const savings = highestSavingsPercentage(products.filter((product) => !product.free));
  const item =
    'min-h-10 rounded-full px-5 text-sm font-medium outline-none transition-colors cursor-pointer ' +
    'data-focus-visible:ring-3 data-focus-visible:ring-focus data-selected:bg-primary data-selected:text-on-primary ' +
    'hover:bg-fg-base/5 data-selected:hover:bg-primary';
  return (
    <div className="flex flex-wrap items-center justify-center gap-3">
      <ToggleButtonGroup
        aria-label={trans('Billing cycle')}
        selectionMode="single"
        disallowEmptySelection
        selectedKeys={[cycle]}
        onSelectionChange={(keys) => {
          const [next] = [...keys];
          if (next === 'yearly' || next === 'monthly') onChange(next);
        }}
        className="inline-flex gap-1 rounded-full bg-paper p-1 ring-1 ring-divider"
      >
        <ToggleButton id="yearly" className={item}>
          {trans('Annual')}
        </ToggleButton>
        <ToggleButton id="monthly" className={item}>
          {trans('Monthly')}
        </ToggleButton>
      </ToggleButtonGroup>
      {savings > 0 && (
        <span
          className="rounded-full bg-positive/15 px-3 py-1 text-sm font-semibold text-fg"
          data-testid="savings-badge"
        >
          {trans('Save up to :percentage%', { percentage: String(savings) })}
        </span>
      )}
    </div>
  );
}

function rememberChoice(productId: number, priceId: number) {
  try {
    localStorage.setItem(ONBOARDING_SELECTION_KEY, JSON.stringify({ productId, priceId }));
  } catch {
    // Private mode without storage: the listener picks the plan again after signing up.
  }
}

export function forgetChoice() {
  try {
    localStorage.removeItem(ONBOARDING_SELECTION_KEY);
  } catch {
    // nothing stored
  }
}

/** The plan cards of /pricing and /billing/change-plan. */
export function PlanCards({
  products,
  cycle,
  viewer,
}: {
  products: readonly TProduct[];
  cycle: TPricingCycle;
  viewer: TViewer;
}) {
  const { trans } = useTrans();
  return (
    <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3" aria-label={trans('Plans')}>
      {products.map((product) => {
        const price = planPrice(product, cycle);
        const button = planButton(product, price, viewer);
        const headingId = `plan-${product.id}-name`;
        return (
          <li
            key={product.id}
            aria-labelledby={headingId}
            data-testid="plan-card"
            className={clsx(
              'flex flex-col gap-4 rounded-panel bg-paper p-6 ring-1',
              product.recommended ? 'ring-2 ring-primary' : 'ring-divider',
            )}
          >
            <div className="flex items-center justify-between gap-2">
              <h2 id={headingId} className="text-xl font-semibold">
                {product.name}
              </h2>
              {product.recommended && (
                <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-on-primary">
                  {trans('Most popular')}
                </span>
              )}
            </div>
            {product.description && <p className="text-sm text-muted">{product.description}</p>}
            <div data-testid="plan-price">
              {price ? (
                <>
                  <span className="text-4xl font-bold">{formatDisplayPrice(price)}</span>{' '}
                  <span className="text-muted">{trans(perUnitLabel(price))}</span>
                  {price.interval_count > 1 && (
                    <p className="text-sm text-muted">
                      {trans(':amount billed :period', {
                        amount: formatMinorAmount(price.amount, price.currency),
                        period: trans(...billingPeriod(price)),
                      })}
                    </p>
                  )}
                </>
              ) : (
                <span className="text-4xl font-bold">{trans('Free')}</span>
              )}
            </div>
            {button.kind === 'current' ? (
              <span className={buttonClasses({ variant: 'outline', isFullWidth: true })} aria-disabled="true">
                {trans(button.label)}
              </span>
            ) : (
              <Link
                to={button.to}
                className={buttonClasses({
                  variant: product.recommended ? 'primary' : 'outline',
                  isFullWidth: true,
                })}
                onClick={() => {
                  if (button.storesSelection && price) rememberChoice(product.id, price.id);
                  else if (!viewer.isLoggedIn) forgetChoice();
                }}
                aria-describedby={headingId}
              >
                {trans(button.label)}
              </Link>
            )}
            {product.feature_list.length > 0 && (
              <ul className="flex flex-col gap-2 text-sm">
                {product.feature_list.map((feature) => (
                  <li key={feature} className="flex items-start gap-2">
                    <CheckIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                    {feature}
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ul>
  );
}
