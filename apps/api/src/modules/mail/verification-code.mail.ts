import type { MailMessage } from '../../platform/mail/mailer';
import { escapeHtml, htmlLayout } from './mail-layout';

/** Design "notifications": email_verification_code, a 6-digit code valid 30 minutes. */
export function verificationCodeMail(to: string, code: string, siteName: string): MailMessage {
  const subject = `${siteName} verification code: ${code}`;
  const lines = [
    `Your ${siteName} verification code is: ${code}`,
    'The code is valid for 30 minutes. If you did not create an account, you can ignore this email.',
  ];
  return {
    to,
    subject,
    text: lines.join('\n\n'),
    html: htmlLayout(siteName, [
      `Your ${escapeHtml(siteName)} verification code is:`,
      `<strong style="font-size:28px;letter-spacing:6px">${escapeHtml(code)}</strong>`,
      escapeHtml(lines[1] ?? ''),
    ]),
  };
}
