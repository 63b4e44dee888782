import type { TPayoutDetails } from '@cadence/contracts/payouts';

/**
 * Payout details as the mail, the audit log and the admin's run review show them: enough to
 * recognise them, never the whole account.
 */
export function maskedDetails(details: TPayoutDetails): string {
  if (details.method === 'paypal') {
    const [name = '', domain = ''] = details.paypal_email.split('@');
    return `PayPal ${name.slice(0, 1)}***@${domain}`;
  }
  return `Bank transfer, IBAN ending ${details.iban.slice(-4)}`;
}
