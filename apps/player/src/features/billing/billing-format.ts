import type { TSubscription } from '@cadence/contracts/billing';

/** "Nov 27, 2026" in the reader's locale; '' for no date. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso));
}

export type TSubscriptionState = 'active' | 'cancelled' | 'past_due' | 'ended';

/** What /billing says about a subscription: renewing, cancelled (until its end), a failed payment, over. */
export function subscriptionState(
  subscription: Pick<TSubscription, 'valid' | 'status' | 'on_grace_period'>,
): TSubscriptionState {
  if (!subscription.valid) return 'ended';
  if (subscription.on_grace_period) return 'cancelled';
  if (subscription.status === 'past_due') return 'past_due';
  return 'active';
}

export const STATE_LABELS: Record<TSubscriptionState, string> = {
  active: 'Active',
  cancelled: 'Cancelled',
  past_due: 'Payment failed',
  ended: 'Ended',
};
