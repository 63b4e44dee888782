import type { MailMessage } from '../../platform/mail/mailer';
import { escapeHtml, htmlLayout } from './mail-layout';

/** Design "notifications": password_reset, a link to `/password/reset/{token}` valid 60 minutes. */
export function passwordResetMail(to: string, link: string, siteName: string): MailMessage {
  const intro = 'You are receiving this email because we received a password reset request for your account.';
  const outro =
    'This password reset link will expire in 60 minutes. If you did not request a password reset, no further action is required.';
  return {
    to,
    subject: `${siteName}: Reset Password`,
    text: `${intro}\n\nReset Password: ${link}\n\n${outro}`,
    html: htmlLayout(siteName, [
      escapeHtml(intro),
      `<a href="${escapeHtml(link)}" style="display:inline-block;background:#6366f1;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">Reset Password</a>`,
      escapeHtml(outro),
      `If the button does not work, open this address: ${escapeHtml(link)}`,
    ]),
  };
}
