import { useSettings } from '@cadence/app-shell/use-bootstrap-data';
import { useTrans } from '@cadence/app-shell/use-trans';
import { formatMinorAmount } from '@cadence/contracts/pricing';
import { Button } from '@cadence/ui/button';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatDate } from './billing-format';
import { receiptQuery } from './billing-queries';
import { BillingError, BillingFrame, BillingLoading } from './billing-states';

type TInvoiceSettings = { invoice?: { address?: string; notes?: string } };

/** The printable receipt the invoice_paid notification links to (/billing/invoices/{uuid}). */
export function ReceiptPage() {
  const { trans } = useTrans();
  const { uuid = '' } = useParams();
  const settings = useSettings();
  const billing = settings.billing as TInvoiceSettings;
  const receipt = useQuery(receiptQuery(uuid));
  return (
    <BillingFrame title={trans('Receipt')} testId="receipt-page">
      {receipt.isPending ? (
        <BillingLoading />
      ) : receipt.isError ? (
        <BillingError error={receipt.error} />
      ) : (
        <>
          <article className="flex flex-col gap-4 rounded-panel bg-paper p-6 ring-1 ring-divider">
            <p className="text-lg font-semibold">{settings.branding.site_name}</p>
            {billing.invoice?.address && (
              <p className="whitespace-pre-line text-sm">{billing.invoice.address}</p>
            )}
            <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2">
              <dt className="text-muted">{trans('Receipt number')}</dt>
              <dd className="break-all">{receipt.data.invoice.uuid}</dd>
              <dt className="text-muted">{trans('Date')}</dt>
              <dd>{formatDate(receipt.data.invoice.created_at)}</dd>
              <dt className="text-muted">{trans('Plan')}</dt>
              <dd>{receipt.data.plan}</dd>
              {receipt.data.invoice.period_start && (
                <>
                  <dt className="text-muted">{trans('Period')}</dt>
                  <dd>
                    {formatDate(receipt.data.invoice.period_start)} –{' '}
                    {formatDate(receipt.data.invoice.period_end)}
                  </dd>
                </>
              )}
              <dt className="text-muted">{trans('Amount')}</dt>
              <dd className="font-semibold">
                {formatMinorAmount(receipt.data.invoice.amount, receipt.data.invoice.currency)}
              </dd>
              <dt className="text-muted">{trans('Status')}</dt>
              <dd>{receipt.data.invoice.paid ? trans('Paid') : trans('Failed')}</dd>
            </dl>
            {billing.invoice?.notes && <p className="whitespace-pre-line text-sm">{billing.invoice.notes}</p>}
          </article>
          <div className="flex flex-wrap gap-3 print:hidden">
            <Button onPress={() => window.print()}>{trans('Print')}</Button>
            <Link to="/billing" className="self-center text-primary underline">
              {trans('Back to billing')}
            </Link>
          </div>
        </>
      )}
    </BillingFrame>
  );
}
