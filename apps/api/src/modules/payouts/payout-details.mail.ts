import type { TPayoutDetails } from '@cadence/contracts/payouts';
import type { MailMessage } from '../../platform/mail/mailer';
import { escapeHtml, htmlLayout } from '../mail/mail-layout';
import { maskedDetails } from './masked-details';

/** Sent to each manager of the artist: the change takes effect only once the link is followed. */
export function payoutDetailsMail(
  to: string,
  input: { artistName: string; details: TPayoutDetails; link: string; siteName: string },
): MailMessage {
  const intro = `Someone asked to change where ${input.artistName}'s payouts are sent: ${maskedDetails(input.details)}, payee ${input.details.payee_name}.`;
  const outro =
    'The change takes effect only once this link is followed; it expires in 24 hours. If you did not ask for it, ignore this email and check who manages the artist.';
  return {
    to,
    subject: `${input.siteName}: Confirm payout details`,
    text: `${intro}\n\nConfirm payout details: ${input.link}\n\n${outro}`,
    html: htmlLayout(input.siteName, [
      escapeHtml(intro),
      `<a href="${escapeHtml(input.link)}" style="display:inline-block;background:#6366f1;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">Confirm payout details</a>`,
      escapeHtml(outro),
      `If the button does not work, open this address: ${escapeHtml(input.link)}`,
    ]),
  };
}
