import { useTrans } from '@cadence/app-shell/use-trans';
import type { TBillingOverview, TInvoice } from '@cadence/contracts/billing';
import { formatMinorAmount } from '@cadence/contracts/pricing';
import { buttonClasses } from '@cadence/ui/button-styles';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Link } from 'react-router';
import { formatDate, STATE_LABELS, subscriptionState } from './billing-format';
import { billingOverviewQuery } from './billing-queries';
import { BillingError, BillingFrame, BillingLoading } from './billing-states';
import { usePriceLine } from './price-summary';

const section = 'flex flex-col gap-3 rounded-panel bg-paper p-5 ring-1 ring-divider';

function CurrentPlan({ overview }: { overview: TBillingOverview }) {
  const { trans } = useTrans();
  const priceLine = usePriceLine();
  const subscription = overview.subscription!;
  const state = subscriptionState(subscription);
  return (
    <section aria-labelledby="billing-plan-h" className={section} data-testid="billing-current-plan">
      <h2 id="billing-plan-h" className="text-lg font-semibold">
        {trans('Current plan')}
      </h2>
      <div className="flex flex-wrap items-center gap-3">
        <span className="text-2xl font-bold" data-testid="billing-plan-name">
          {subscription.product?.name}
        </span>
        <span
          data-testid="billing-status"
          className={clsx(
            'rounded-full px-2.5 py-0.5 text-sm font-medium text-fg',
            state === 'active' ? 'bg-positive/20' : state === 'past_due' ? 'bg-danger/20' : 'bg-warning/20',
          )}
        >
          {trans(STATE_LABELS[state])}
        </span>
      </div>
      {subscription.price && <p data-testid="billing-price">{priceLine(subscription.price)}</p>}
      {state === 'past_due' && (
        <p
          role="alert"
          className="rounded-panel bg-danger/10 p-3 text-sm"
          data-testid="billing-payment-failed"
        >
          {trans(
            'Your last payment failed. We will try once more; if that fails too, the subscription will be cancelled.',
          )}
        </p>
      )}
      <p className="text-sm text-muted" data-testid="billing-next">
        {state === 'cancelled'
          ? trans('Your plan is cancelled and ends on :date. You keep access until then.', {
              date: formatDate(subscription.ends_at),
            })
          : subscription.renews_at
            ? trans('Next charge on :date', { date: formatDate(subscription.renews_at) })
            : subscription.ends_at
              ? trans('Ends on :date', { date: formatDate(subscription.ends_at) })
              : trans('This plan does not renew automatically.')}
      </p>
      <div className="flex flex-wrap gap-3">
        <Link to="/billing/change-plan" className={buttonClasses()}>
          {trans('Change plan')}
        </Link>
        {state === 'cancelled' ? (
          <Link to="/billing/renew" className={buttonClasses({ variant: 'outline' })}>
            {trans('Renew plan')}
          </Link>
        ) : (
          <Link to="/billing/cancel" className={buttonClasses({ variant: 'outline' })}>
            {trans('Cancel plan')}
          </Link>
        )}
      </div>
    </section>
  );
}

function PaymentMethod({ overview }: { overview: TBillingOverview }) {
  const { trans } = useTrans();
  const method = overview.payment_method;
  const isCard = overview.subscription?.gateway_name === 'stripe';
  return (
    <section aria-labelledby="billing-method-h" className={section}>
      <h2 id="billing-method-h" className="text-lg font-semibold">
        {trans('Payment method')}
      </h2>
      <p data-testid="billing-payment-method">
        {!method
          ? trans('No payment method on file.')
          : method.brand === 'paypal'
            ? 'PayPal'
            : `${method.brand.charAt(0).toUpperCase()}${method.brand.slice(1)} •••• ${method.last4 ?? ''}`}
      </p>
      {isCard && (
        <Link to="/billing/change-payment-method" className="self-start text-primary underline">
          {trans('Change payment method')}
        </Link>
      )}
    </section>
  );
}

function Invoices({ invoices }: { invoices: TInvoice[] }) {
  const { trans } = useTrans();
  return (
    <section aria-labelledby="billing-invoices-h" className={section}>
      <h2 id="billing-invoices-h" className="text-lg font-semibold">
        {trans('Payment history')}
      </h2>
      {invoices.length === 0 ? (
        <p className="text-sm text-muted">{trans('No payments yet.')}</p>
      ) : (
        <table className="w-full text-left text-sm" data-testid="billing-invoices">
          <thead className="text-muted">
            <tr>
              <th scope="col" className="py-2 font-medium">
                {trans('Date')}
              </th>
              <th scope="col" className="py-2 font-medium">
                {trans('Amount')}
              </th>
              <th scope="col" className="py-2 font-medium">
                {trans('Status')}
              </th>
              <th scope="col" className="py-2 font-medium">
                {trans('Receipt')}
              </th>
            </tr>
          </thead>
          <tbody>
            {invoices.map((invoice) => (
              <tr key={invoice.id} className="border-t border-divider" data-testid="billing-invoice">
                <td className="py-2">{formatDate(invoice.created_at)}</td>
                <td className="py-2">{formatMinorAmount(invoice.amount, invoice.currency)}</td>
                <td className="py-2">{invoice.paid ? trans('Paid') : trans('Failed')}</td>
                <td className="py-2">
                  {invoice.paid ? (
                    <Link to={`/billing/invoices/${invoice.uuid}`} className="text-primary underline">
                      {trans('View receipt')}
                    </Link>
                  ) : (
                    <span className="text-muted">{trans('None')}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** Spec 2.8 /billing: current plan and status, next charge, payment method, payment history. */
export function BillingPage() {
  const { trans } = useTrans();
  const overview = useQuery(billingOverviewQuery());
  return (
    <BillingFrame title={trans('Billing')} testId="billing-page">
      {overview.isPending ? (
        <BillingLoading />
      ) : overview.isError ? (
        <BillingError error={overview.error} />
      ) : !overview.data.subscription ? (
        <p>
          {trans('You have no subscription.')}{' '}
          <Link to="/pricing" className="text-primary underline">
            {trans('See plans')}
          </Link>
        </p>
      ) : (
        <>
          <CurrentPlan overview={overview.data} />
          <PaymentMethod overview={overview.data} />
          <Invoices invoices={overview.data.invoices} />
        </>
      )}
    </BillingFrame>
  );
}
