import type { TNotificationData } from '@cadence/contracts/notification';
import { formatMinorAmount } from '@cadence/contracts/pricing';

/**
 * Design 5 `invoice_paid` and `payment_failed`: what billing tells a subscriber. The delivery
 * (database row, mail, realtime) belongs to the notifications module; this seam is the one
 * place billing calls it.
 */
/** One notification to send once the transaction that decided it committed. */
export type BillingNotice = {
  userId: number;
  type: 'invoice_paid' | 'payment_failed';
  data: TNotificationData;
};

/**
 * Design 5 `invoice_paid` and `payment_failed`: what billing tells subscribers, in batches (a
 * webhook sweep decides hundreds at once). The delivery (database row, mail, realtime) belongs to
 * the notifications module; this seam is the one place billing calls it.
 */
export type BillingNotifier = (notices: BillingNotice[]) => Promise<void>;

export function invoicePaidData(input: {
  plan: string;
  amount: number;
  currency: string;
  uuid: string;
}): TNotificationData {
  return {
    mainAction: { action: `/billing/invoices/${input.uuid}`, label: 'View receipt' },
    lines: [
      { type: 'primary', content: `${input.plan} payment receipt` },
      { type: 'secondary', content: `Paid ${formatMinorAmount(input.amount, input.currency)}` },
    ],
    buttonActions: [{ label: 'View receipt', action: `/billing/invoices/${input.uuid}` }],
  };
}

export function paymentFailedData(input: { plan: string }): TNotificationData {
  return {
    mainAction: { action: '/billing', label: 'View subscription' },
    lines: [
      { type: 'primary', content: `The payment for your ${input.plan} subscription failed` },
      {
        type: 'secondary',
        content: 'We will try once more; if that fails too, the subscription will be cancelled.',
      },
    ],
    buttonActions: [{ label: 'View subscription', action: '/billing' }],
  };
}
